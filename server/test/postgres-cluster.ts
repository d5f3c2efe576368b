import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries (the version CI installs). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A throw-away PostgreSQL cluster in a temporary folder on a free port, for tests that stop and start
 * the server: the machine's shared PostgreSQL is never touched.
 *
 * initdb and postgres refuse to run as root ("cannot be run as root"), so when the tests run as root
 * (CI containers) the cluster belongs to the `postgres` user the Debian package creates, and every
 * command runs through `runuser -u postgres`; as any other user they run directly.
 */
export type ThrowawayPostgres = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops it (`pg_ctl stop -m fast`: sessions are cut, as in a restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
};

export function hasPostgresBinaries(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : run(path.join(PG_BIN, bin), args);

  const port = await freePort();
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  const handle: ThrowawayPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: handle.url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return handle.url(name);
    },
    async start() {
      await exec('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '30', 'start']);
    },
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    },
    async remove() {
      await handle.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await handle.start();
  return handle;
}
