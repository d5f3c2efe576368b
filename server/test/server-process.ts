import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export type ServerProcess = { child: ChildProcess; port: number; url: string; output: () => string };

/**
 * Starts `server/main.ts` as its own process, as `npm start` would, and waits until /readyz answers.
 * `preload` modules (paths from the repository root) are imported first, e.g. to register a test job.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  options: { preload?: string[] } = {},
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const preload = (options.preload ?? []).flatMap((file) => ['--import', `./${file}`]);
  // SERVER_NODE_ARGS adds Node flags for a profiling run, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...preload, 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(chosen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test process that ends (or is killed by vitest) takes its servers with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { child, port: chosen, url, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${log}`);
}

export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}
