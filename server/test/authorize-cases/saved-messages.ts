import {
  createSavedMessage,
  deleteSavedMessage,
  listSavedMessages,
  updateSavedMessage,
  uploadSavedAttachment,
} from '../../commands/saved-message';
import type { Database } from '../../db/client';
import type { ReceivedFile } from '../../outbound/receive-upload';
import type { AuthorizeCase } from '../command-fixture';

type Deps = Parameters<typeof createSavedMessage>[0];

/**
 * Saved messages' entries for server/commands/commands-authorize.test.ts: every teammate reads them;
 * owners create, change and delete (another team's saved message is a 404). `file` is an upload the
 * refused command never reads.
 */
export function savedMessageAuthorizeCases(
  deps: () => Deps,
  db: () => Database,
  file: ReceivedFile,
): Record<string, AuthorizeCase> {
  return {
    listSavedMessages: {
      ability: 'savedMessage.view',
      refuses: ['teamless'],
      run: (a) => listSavedMessages(db(), a),
    },
    uploadSavedAttachment: {
      ability: 'savedMessage.create',
      refuses: ['member', 'teamless'],
      run: (a) => uploadSavedAttachment(deps(), a, file, null),
    },
    createSavedMessage: {
      ability: 'savedMessage.create',
      refuses: ['member', 'teamless'],
      run: (a) => createSavedMessage(deps(), a, { name: 'registry-new' }),
    },
    updateSavedMessage: {
      ability: 'savedMessage.edit',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => updateSavedMessage(deps(), a, f.savedId, { name: 'changed' }),
    },
    deleteSavedMessage: {
      ability: 'savedMessage.delete',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => deleteSavedMessage(deps(), a, f.savedId),
    },
  };
}
