import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import type { CommandDeps } from '../../commands/deps';
import {
  countSegment,
  createSegment,
  deleteSegment,
  listSegments,
  updateSegment,
} from '../../commands/segments';
import type { Executor } from '../../db/client';
import type { AuthorizeCase } from '../command-fixture';

/** segments.ts — any teammate lists, counts and saves; the creator or the owner changes and deletes. */
export function segmentAuthorizeCases(
  deps: () => CommandDeps,
  db: () => Executor,
): Record<string, AuthorizeCase> {
  return {
    listSegments: { ability: 'segment.view', refuses: ['teamless'], run: (a) => listSegments(db(), a) },
    createSegment: {
      ability: 'segment.create',
      refuses: ['teamless'],
      run: (a) => createSegment(deps(), a, { name: 'registry-new', filter: EVERY_CONTACT_FILTER }),
    },
    updateSegment: {
      ability: 'segment.update',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => updateSegment(deps(), a, f.segmentId, { name: 'changed' }),
    },
    deleteSegment: {
      ability: 'segment.delete',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a, f) => deleteSegment(deps(), a, f.segmentId),
    },
    countSegment: {
      ability: 'segment.view',
      refuses: ['outsider', 'teamless'],
      run: (a, f) => countSegment(db(), a, f.segmentId),
    },
  };
}
