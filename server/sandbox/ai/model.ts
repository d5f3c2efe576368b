import { BOT_TASK, HANDOVER_MARKER } from '../../ai/bot/prompt';
import { PROMPT_LABELS } from '../../ai/prompt';

/** A Chat Completions message as the sandbox model receives it. */
export type SandboxChatMessage = { role: string; content: unknown };

const L = PROMPT_LABELS;

/** The text of a message's content (a string, or the API's list of text parts). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
  }
  return '';
}

function lineAfter(text: string, label: string): string | null {
  for (const line of text.split('\n')) if (line.startsWith(label)) return line.slice(label.length).trim();
  return null;
}

/** Everything after a label line up to the next blank line (or the end). */
function blockAfter(text: string, label: string): string {
  const start = text.indexOf(`${label}\n`);
  if (start < 0) return '';
  const rest = text.slice(start + label.length + 1);
  const end = rest.indexOf('\n\n');
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

function firstSentence(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const match = clean.match(/^.+?[.!?](\s|$)/);
  return (match ? match[0] : clean).trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A few words each language is told by; the sandbox's stand-in for a model's language sense. */
const LANGUAGE_HINTS: [string, RegExp][] = [
  ['Spanish', /\b(hola|gracias|quiero|por favor|buenos|cuánto|precio)\b/i],
  ['Portuguese', /\b(olá|obrigad[oa]|quero|bom dia|quanto)\b/i],
  ['French', /\b(bonjour|merci|je voudrais|s'il vous plaît|combien)\b/i],
  ['German', /\b(hallo|danke|bitte|ich möchte|wie viel)\b/i],
];

function languageOf(text: string): string {
  for (const [language, hint] of LANGUAGE_HINTS) if (hint.test(text)) return language;
  return 'English';
}

/**
 * The sandbox model's answer: deterministic, built only from what it was sent — the task, the
 * customer's name and last message, the team's knowledge and the draft — so a test can say exactly
 * what a suggestion will read. It speaks as a careful model would: it never invents facts.
 */
export function sandboxReply(messages: SandboxChatMessage[]): string {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => textOf(m.content))
    .join('\n\n');
  const user = textOf([...messages].reverse().find((m) => m.role === 'user')?.content);
  const task = lineAfter(user, L.task) ?? 'chat';
  const name = lineAfter(user, L.customer) ?? 'there';
  const firstName = name.startsWith('+') ? name : (name.split(/\s+/)[0] ?? name);
  const customerLines = user
    .split('\n')
    .filter((line) => line.startsWith(L.fromCustomer))
    .map((line) => line.slice(L.fromCustomer.length).trim());
  const lastCustomer = customerLines.at(-1) ?? '';
  const knowledge = blockAfter(system, L.knowledge);
  const fact = knowledge && knowledge !== '(none given)' ? firstSentence(knowledge) : '';
  const draft = blockAfter(user, L.draft);

  switch (task) {
    case 'test':
      return 'Hello from the sandbox model: the connection works.';
    case BOT_TASK:
      return botAnswer(knowledge, lastCustomer, firstName);
    case 'suggest': {
      const about = lastCustomer ? ` about "${clip(lastCustomer, 60)}"` : '';
      const start = draft ? `${draft} ` : `Hi ${firstName}, thanks for your message${about}. `;
      const middle = fact ? `${fact} ` : 'Let me check that for you. ';
      return `${start}${middle}Is there anything else I can help with?`;
    }
    case 'shorter':
      return firstSentence(draft);
    case 'friendlier':
      return `Hi ${firstName}! ${draft} 😊`;
    case 'formal':
      return `Dear ${name}, ${draft.replace(/^(hi|hey|hello)\b[^,.!]*[,.!]?\s*/i, '')} Kind regards.`;
    case 'fix_spelling':
      return fixSpelling(draft);
    case 'translate':
      return `[${languageOf(customerLines.join(' '))}] ${draft}`;
    case 'summarise':
      return [
        `${name} wrote ${customerLines.length} message${customerLines.length === 1 ? '' : 's'}.`,
        lastCustomer ? `Last: "${clip(lastCustomer, 80)}".` : 'No message from them yet.',
        'Promised: nothing recorded by the sandbox model.',
      ].join('\n');
    case 'translate_message': {
      const language = lineAfter(user, L.language) ?? 'English';
      const text = user.slice(user.indexOf(`${L.text}\n`) + L.text.length + 1).trim();
      return `[${language}] ${text}`;
    }
    default:
      return 'Hello from the sandbox model.';
  }
}

/** Words too common to tie a question to a line of the team's knowledge. */
const COMMON_WORDS = new Set(
  'about after also could does from have hello please tell than thanks that their there they this what when where which while with would your yours you'.split(
    ' ',
  ),
);

function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 4 && !COMMON_WORDS.has(w)));
}

/**
 * The bot's answer (task `bot_reply`): the first line or sentence of the team's knowledge that shares a
 * word of four letters or more (common words aside, a longer form counting) with the customer's last
 * message, after a greeting; with no such line, the hand-over marker, as a careful model answers when the knowledge is silent.
 */
function botAnswer(knowledge: string, lastCustomer: string, firstName: string): string {
  if (!knowledge || knowledge === '(none given)') return HANDOVER_MARKER;
  const asked = keywords(lastCustomer);
  const lines = knowledge
    .split(/\n+|(?<=[.!?])\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
  // A word matches itself and its longer forms ("return" and "returns", "open" and "opening").
  const related = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
  const match = lines.find((line) =>
    [...keywords(line)].some((word) => [...asked].some((ask) => related(word, ask))),
  );
  return match ? `Hi ${firstName}! ${match}` : HANDOVER_MARKER;
}

/** The sandbox's spelling fixer: doubled spaces, a lower-case "i", a first letter, a final stop. */
function fixSpelling(text: string): string {
  let fixed = text.replace(/\s+/g, ' ').trim().replace(/\bi\b/g, 'I');
  fixed = fixed.charAt(0).toUpperCase() + fixed.slice(1);
  return /[.!?…]$/.test(fixed) ? fixed : `${fixed}.`;
}

/** The answer in the pieces it is streamed in: each word with the space after it. */
export function sandboxPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
