import type { ChatContext } from '../context';
import { PROMPT_LABELS } from '../prompt';
import type { ChatMessage } from '../provider';

/**
 * What the model answers, alone, when it cannot answer from the team's knowledge or is unsure: the
 * bot then sends nothing and hands the chat to the team ('unsure'). The sandbox model answers it too.
 */
export const HANDOVER_MARKER = '[HANDOVER]';

/** The task line the sandbox model reads (server/sandbox/ai/model.ts). */
export const BOT_TASK = 'bot_reply';

const RULES = [
  "You are the business's automatic assistant on WhatsApp. Your reply is sent to the customer as is, without a teammate reading it first.",
  'Answer only from the team knowledge and saved replies below. Never invent prices, dates, policies or promises; never say you are a person.',
  `If the knowledge does not answer the customer's last message, if you are unsure, or if the customer is upset or wants a person, answer exactly ${HANDOVER_MARKER} and nothing else: a teammate will take over.`,
  'Answer with the message text only: no quotes, no labels. Keep it short and natural for WhatsApp.',
].join('\n');

/** The bot's prompt: the rules, the team's knowledge and saved replies, then the chat. */
export function botPrompt(context: ChatContext, maxLength: number): ChatMessage[] {
  const system = [RULES, `Write at most ${maxLength} characters.`, ''];
  system.push(`${PROMPT_LABELS.knowledge}\n${context.knowledge || '(none given)'}`);
  if (context.savedReplies.length > 0) {
    const saved = context.savedReplies.map((s) => `- ${s.name}: ${s.content.replace(/\s+/g, ' ').trim()}`);
    system.push('', `Saved replies the team uses:\n${saved.join('\n')}`);
  }
  const user = [
    `${PROMPT_LABELS.task} ${BOT_TASK}`,
    "Write the business's next reply to the customer's last message.",
    '',
    `${PROMPT_LABELS.customer} ${context.name}`,
    '',
    'Conversation (oldest first):',
  ];
  for (const m of context.history) {
    user.push(`${m.from === 'customer' ? PROMPT_LABELS.fromCustomer : PROMPT_LABELS.fromTeam} ${m.text}`);
  }
  return [
    { role: 'system', content: system.join('\n') },
    { role: 'user', content: user.join('\n') },
  ];
}

export type BotVerdict =
  | { kind: 'reply'; text: string }
  | { kind: 'handover'; reason: 'unsure' | 'too_long' | 'provider_failed' };

/**
 * What the bot does with the model's answer: the hand-over marker (anywhere in it) → 'unsure'; an empty
 * answer or one with no letters or digits → 'provider_failed' (garbage); longer than `maxLength` →
 * 'too_long'; else the trimmed text is the reply.
 */
export function judgeAnswer(answer: string, maxLength: number): BotVerdict {
  const text = answer.trim();
  if (text.includes(HANDOVER_MARKER)) return { kind: 'handover', reason: 'unsure' };
  if (text === '' || !/[\p{L}\p{N}]/u.test(text)) return { kind: 'handover', reason: 'provider_failed' };
  if (text.length > maxLength) return { kind: 'handover', reason: 'too_long' };
  return { kind: 'reply', text };
}
