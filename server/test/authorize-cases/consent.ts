import { getConsentKeywords, setConsentKeywords, setContactConsent } from '../../commands/consent';
import type { CommandDeps } from '../../commands/deps';
import type { Executor } from '../../db/client';
import type { AuthorizeCase } from '../command-fixture';

/**
 * The consent commands' entries for server/commands/commands-authorize.test.ts (one file per
 * capability here, so that test stays short): any teammate sets a contact's consent and reads the keywords; owners edit them.
 */
export function consentAuthorizeCases(
  deps: () => CommandDeps,
  db: () => Executor,
): Record<string, AuthorizeCase> {
  return {
    setContactConsent: {
      ability: 'consent.change',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => setContactConsent(deps(), a, f.contact.id, { state: 'opted_out' }),
    },
    getConsentKeywords: {
      ability: 'consent.viewKeywords',
      refuses: ['teamless'],
      run: (a) => getConsentKeywords(db(), a),
    },
    setConsentKeywords: {
      ability: 'consent.editKeywords',
      refuses: ['member', 'teamless'],
      run: (a) => setConsentKeywords(deps(), a, { optOut: ['REGISTRY'], optIn: [] }),
    },
  };
}
