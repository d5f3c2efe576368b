import {
  createImport,
  failedRowsCsv,
  getImport,
  listImports,
  startImport,
} from '../../commands/contact-imports';
import type { CommandDeps } from '../../commands/deps';
import type { Database } from '../../db/client';
import { contactImports } from '../../db/schema';
import type { Env } from '../../env';
import type { ReceivedFile } from '../../outbound/receive-upload';
import type { Actor, Who } from '../command-fixture';
import type { TestContext } from '../harness';

type Case = { ability: string; refuses: Who[]; run(actor: Actor): Promise<unknown> };
type Live = { ctx: TestContext; deps: CommandDeps & { env: Env }; importId: string };

/** The import commands for commands-authorize.test.ts: owners only, team A's import for the rest. */
export function importCommands(live: () => Live, file: ReceivedFile): Record<string, Case> {
  const ability = 'contactImport.import';
  const ownersOf = ['member', 'teamless'] as Who[];
  const ownersOfThisTeam = ['member', 'outsider', 'teamless'] as Who[];
  return {
    createImport: { ability, refuses: ownersOf, run: (a) => createImport(live().deps, a as never, file, 1) },
    listImports: { ability, refuses: ownersOf, run: (a) => listImports(live().ctx.db, a as never) },
    getImport: {
      ability,
      refuses: ownersOfThisTeam,
      run: (a) => getImport(live().ctx.db, a as never, live().importId),
    },
    startImport: {
      ability,
      refuses: ownersOfThisTeam,
      run: (a) =>
        startImport(live().deps, a as never, live().importId, {
          columns: [{ kind: 'phone' }],
          existing: 'skip',
        }),
    },
    failedRowsCsv: {
      ability,
      refuses: ownersOfThisTeam,
      run: (a) => failedRowsCsv(live().ctx.db, a as never, live().importId),
    },
  };
}

/** An import of team A waiting for its mapping, for the commands above to address. */
export async function insertRegistryImport(
  db: Database,
  owner: { id: string; teamId: string | null; accountId: string | null },
): Promise<string> {
  const o = { id: owner.id, teamId: owner.teamId!, accountId: owner.accountId! };
  const [row] = await db
    .insert(contactImports)
    .values({
      accountId: o.accountId,
      teamId: o.teamId,
      createdBy: o.id,
      fileName: 'registry.csv',
      fileSize: 20,
      storageKey: `${o.accountId}/import-registry.csv`,
      delimiter: ',',
      columns: ['Phone'],
      totalRows: 1,
    })
    .returning();
  return row!.id;
}
