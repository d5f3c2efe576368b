import { startSuggestion, summariseContact, translateMessage } from '../../commands/ai-assist';
import { type AiDeps, getAiSettings, testAiConnection, updateAiSettings } from '../../commands/ai-settings';
import type { EventBus } from '../../events/bus';
import type { AuthorizeCase } from '../command-fixture';

/**
 * The AI commands' entries for server/commands/commands-authorize.test.ts: every teammate reads the
 * status and asks for suggestions, summaries and translations on their account's chats; owners
 * change and test the settings.
 */
export function aiAuthorizeCases(deps: () => AiDeps & { events: EventBus }): Record<string, AuthorizeCase> {
  return {
    getAiSettings: {
      ability: 'ai.viewSettings',
      refuses: ['teamless'],
      run: (a) => getAiSettings(deps(), a),
    },
    updateAiSettings: {
      ability: 'ai.configure',
      refuses: ['member', 'teamless'],
      run: (a) => updateAiSettings(deps(), a, { model: 'registry-model', apiKey: 'sk-registry' }),
    },
    testAiConnection: {
      ability: 'ai.configure',
      refuses: ['member', 'teamless'],
      run: (a) => testAiConnection(deps(), a, {}),
    },
    startSuggestion: {
      ability: 'ai.suggest',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => startSuggestion(deps(), a, { contactId: f.contact.id, action: 'suggest' }),
    },
    summariseContact: {
      ability: 'ai.suggest',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => summariseContact(deps(), a, f.contact.id),
    },
    translateMessage: {
      ability: 'ai.suggest',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => translateMessage(deps(), a, { messageId: f.incoming.id }),
    },
  };
}
