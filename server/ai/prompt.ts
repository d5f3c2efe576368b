import type { AiAction } from '@common/api/ai';
import type { ChatContext } from './context';
import type { ChatMessage } from './provider';

/**
 * The labelled lines every prompt is written in. A model reads them as plain text; the sandbox model
 * (server/sandbox/ai) reads the same lines to build its deterministic answers.
 */
export const PROMPT_LABELS = {
  task: 'Task:',
  customer: 'Customer name:',
  knowledge: 'Team knowledge:',
  draft: 'Draft:',
  fromCustomer: '[customer]',
  fromTeam: '[team]',
  text: 'Text:',
  language: 'Language:',
} as const;

const TASKS: Record<AiAction, string> = {
  suggest:
    "Write the team's next reply to the customer. Answer what they asked last, using the team knowledge; if the knowledge does not say, offer to find out rather than guessing. If a draft is given, continue from it.",
  shorter: 'Rewrite the draft shorter, keeping its meaning and every fact in it.',
  friendlier: 'Rewrite the draft in a warmer, friendlier tone, keeping its meaning and every fact in it.',
  formal: 'Rewrite the draft in a more formal, professional tone, keeping its meaning and every fact in it.',
  fix_spelling: 'Fix the spelling, grammar and punctuation of the draft. Change nothing else.',
  translate:
    'Translate the draft into the language the customer writes in (judge it from their messages). If they write in the language of the draft, return it unchanged.',
};

const RULES = [
  'You draft WhatsApp messages for a business team. A teammate reads and edits every draft before sending it.',
  'Answer with the message text only: no quotes, no notes to the teammate, no greeting line like "Reply:".',
  'Keep it short and natural for WhatsApp (at most a few sentences). Never promise what the team knowledge does not allow; never invent prices, dates or policies.',
].join('\n');

function systemPrompt(context: Pick<ChatContext, 'knowledge' | 'savedReplies'>): string {
  const parts = [RULES];
  parts.push(`${PROMPT_LABELS.knowledge}\n${context.knowledge || '(none given)'}`);
  if (context.savedReplies.length > 0) {
    const saved = context.savedReplies.map((s) => `- ${s.name}: ${s.content.replace(/\s+/g, ' ').trim()}`);
    parts.push(
      `Saved replies the team uses (reuse their facts and wording when they fit):\n${saved.join('\n')}`,
    );
  }
  return parts.join('\n\n');
}

function chatBlock(context: ChatContext): string {
  const lines = [`${PROMPT_LABELS.customer} ${context.name}`];
  if (context.tags.length > 0) lines.push(`Tags: ${context.tags.join(', ')}`);
  if (context.notes) lines.push(`Notes: ${context.notes.replace(/\s+/g, ' ')}`);
  for (const field of context.fields) lines.push(`${field.label}: ${field.value}`);
  lines.push('', 'Conversation (oldest first):');
  if (context.history.length === 0) lines.push('(no messages yet)');
  for (const m of context.history) {
    lines.push(`${m.from === 'customer' ? PROMPT_LABELS.fromCustomer : PROMPT_LABELS.fromTeam} ${m.text}`);
  }
  return lines.join('\n');
}

/** A suggestion or a rewrite of the draft, with the chat's context. */
export function suggestionPrompt(
  context: ChatContext,
  action: AiAction,
  draft: string | undefined,
): ChatMessage[] {
  const user = [`${PROMPT_LABELS.task} ${action}`, TASKS[action], '', chatBlock(context)];
  if (draft?.trim()) user.push('', PROMPT_LABELS.draft, draft.trim());
  return [
    { role: 'system', content: systemPrompt(context) },
    { role: 'user', content: user.join('\n') },
  ];
}

/** A few lines on what the customer wants and what the team promised. */
export function summaryPrompt(context: ChatContext): ChatMessage[] {
  const task =
    'Summarise this chat for a teammate in at most three short lines: what the customer wants, what the team promised or still owes them, and anything to watch out for.';
  return [
    { role: 'system', content: systemPrompt(context) },
    { role: 'user', content: [`${PROMPT_LABELS.task} summarise`, task, '', chatBlock(context)].join('\n') },
  ];
}

/** One message translated, for reading it inline (the original is kept). */
export function translationPrompt(text: string, language: string): ChatMessage[] {
  return [
    { role: 'system', content: 'You translate WhatsApp messages. Answer with the translation only.' },
    {
      role: 'user',
      content: [
        `${PROMPT_LABELS.task} translate_message`,
        `${PROMPT_LABELS.language} ${language}`,
        PROMPT_LABELS.text,
        text,
      ].join('\n'),
    },
  ];
}

/** "Test connection": a fixed, cheap question. */
export function testPrompt(): ChatMessage[] {
  return [
    { role: 'system', content: 'You are being tested by Switchboard, a WhatsApp team inbox.' },
    { role: 'user', content: `${PROMPT_LABELS.task} test\nSay hello in one short sentence.` },
  ];
}
