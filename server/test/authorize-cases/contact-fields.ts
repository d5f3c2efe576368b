import { setContactFieldValues } from '../../commands/contact-field-values';
import {
  contactFieldUsage,
  createContactField,
  deleteContactField,
  listContactFields,
  updateContactField,
} from '../../commands/contact-fields';
import type { CommandDeps } from '../../commands/deps';
import type { Executor } from '../../db/client';
import type { AuthorizeCase } from '../command-fixture';

/** contact-fields.ts — everyone reads; owners define; contact-field-values.ts — any teammate. */
export function contactFieldAuthorizeCases(
  deps: () => CommandDeps,
  db: () => Executor,
): Record<string, AuthorizeCase> {
  return {
    listContactFields: {
      ability: 'contactField.view',
      refuses: ['teamless'],
      run: (a) => listContactFields(db(), a),
    },
    createContactField: {
      ability: 'contactField.manage',
      refuses: ['member', 'teamless'],
      run: (a) => createContactField(deps(), a, { label: 'Registry new', type: 'text' }),
    },
    updateContactField: {
      ability: 'contactField.manage',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => updateContactField(deps(), a, f.fieldId, { label: 'changed' }),
    },
    contactFieldUsage: {
      ability: 'contactField.manage',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => contactFieldUsage(db(), a, f.fieldId),
    },
    deleteContactField: {
      ability: 'contactField.manage',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => deleteContactField(deps(), a, f.fieldId),
    },
    setContactFieldValues: {
      ability: 'contactField.setValues',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => setContactFieldValues(deps(), a, f.contact.id, { registry_field: 'changed' }),
    },
  };
}
