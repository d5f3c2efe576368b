import { type AiBotDeps, getAiBot, setChatBotPaused, testAiBot, updateAiBot } from '../../commands/ai-bot';
import type { EventBus } from '../../events/bus';
import type { AuthorizeCase } from '../command-fixture';

/**
 * The AI bot's entries for server/commands/commands-authorize.test.ts: every teammate reads the bot
 * and pauses or resumes it in their account's chats; owners change and test it.
 */
export function aiBotAuthorizeCases(
  deps: () => AiBotDeps & { events: EventBus },
): Record<string, AuthorizeCase> {
  return {
    getAiBot: { ability: 'aiBot.view', refuses: ['teamless'], run: (a) => getAiBot(deps(), a) },
    updateAiBot: {
      ability: 'aiBot.configure',
      refuses: ['member', 'teamless'],
      run: (a) => updateAiBot(deps(), a, { enabled: true }),
    },
    testAiBot: {
      ability: 'aiBot.configure',
      refuses: ['member', 'teamless'],
      run: (a) => testAiBot(deps(), a, { messages: [{ from: 'customer', text: 'Hello' }] }),
    },
    setChatBotPaused: {
      ability: 'aiBot.pauseChat',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => setChatBotPaused(deps(), a, f.contact.id, true),
    },
  };
}
