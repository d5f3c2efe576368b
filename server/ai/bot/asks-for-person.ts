/**
 * Words and phrases by which a customer asks for a person instead of the bot, in a few common
 * languages. Matched as whole words on lower-cased text, so "agent" matches "an agent" but not
 * "agentur". Deliberately small: a false hand-over costs a teammate a look, a missed one a customer.
 */
export const ASK_FOR_PERSON_PHRASES = [
  // English
  'person',
  'human',
  'agent',
  'someone',
  'somebody',
  'representative',
  'operator',
  'talk to',
  'speak to',
  'speak with',
  'real person',
  // Spanish
  'persona',
  'humano',
  'agente',
  'hablar con',
  // Portuguese
  'pessoa',
  'atendente',
  'falar com',
  // French
  'humain',
  'conseiller',
  'parler à',
  // German
  'mensch',
  'mitarbeiter',
  'sprechen mit',
] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${ASK_FOR_PERSON_PHRASES.map((p) => escapeRegExp(p).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** Whether the customer's message asks for a person ("I want to talk to a person", "¿Puedo hablar con alguien?"). */
export function asksForPerson(text: string): boolean {
  return PATTERN.test(text.normalize('NFC'));
}
