import { bulkContacts } from '../../commands/bulk-contacts';
import { createContact } from '../../commands/create-contact';
import type { CommandDeps } from '../../commands/deps';
import { exportContacts } from '../../commands/export-contacts';
import type { Actor, CommandFixture, Who } from '../command-fixture';

type Command = { ability: string; refuses: Who[]; run(actor: Actor, fx: CommandFixture): Promise<unknown> };

/**
 * The Contacts page's commands (issue 14) for server/commands/commands-authorize.test.ts: bulk
 * actions, export, add contact. They act on the actor's own account (another team's ids are simply
 * not found there), so the other team's owner is no refusal; deleting many and exporting are for owners.
 */
export function contactsPageCommands(deps: () => CommandDeps): Record<string, Command> {
  return {
    bulkContacts: {
      ability: 'contacts.bulkDelete',
      refuses: ['member', 'teamless'],
      run: (a, f) => bulkContacts(deps(), a, { ids: [f.contact.id] }, { type: 'delete' }),
    },
    exportContacts: {
      ability: 'contacts.export',
      refuses: ['member', 'teamless'],
      run: (a, f) => exportContacts(deps(), a, { ids: [f.contact.id] }),
    },
    createContact: {
      ability: 'contacts.create',
      refuses: ['teamless'],
      run: (a) => createContact(deps(), a, { name: '', phone: '+1 650 253 0099', tagIds: [], fields: {} }),
    },
  };
}
