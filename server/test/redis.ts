import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { loadTestEnv } from '../env';
import { freePort } from './server-process';

/**
 * Redis for tests. TEST_REDIS_URL is the machine's shared Redis (CI sets it to redis://127.0.0.1:6379);
 * fault tests never stop that one: they start their own throw-away `redis-server` on a free port.
 */

/**
 * The shared Redis (`url`), and whether tests must fail instead of skipping when a Redis service is
 * missing: under CI=true (or REQUIRE_E2E=1) nothing may be skipped for lack of a service.
 */
export function testRedis(): { url: string | undefined; required: boolean; missing: string } {
  const { redisUrl, requireServices } = loadTestEnv();
  return {
    url: redisUrl,
    required: requireServices,
    missing: 'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)',
  };
}

export const REDIS_SERVER = 'redis-server';

/** Whether `redis-server` can be started here (apt-get install -y redis-server). */
export function hasRedisServer(): boolean {
  return spawnSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Answers PING with +PONG (or -NOAUTH when a password is set: the server is up either way). */
async function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^[+-]/.test(data.toString())));
  });
}

export type ThrowawayRedis = {
  port: number;
  /** redis://[:password@]127.0.0.1:port */
  url: string;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
  /** Kills it (SIGKILL: as abrupt as a crash) and waits until the port is closed. */
  stop(): Promise<void>;
};

/** A private redis-server on a free port, no persistence; stopped with the returned handle. */
export async function startThrowawayRedis(options: { password?: string } = {}): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  if (options.password) args.push('--requirepass', options.password);
  const handle: ThrowawayRedis = {
    port,
    url: `redis://${options.password ? `:${options.password}@` : ''}127.0.0.1:${port}`,
    async start() {
      let output = '';
      child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output}`);
        if (await redisAnswers(port)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on ${port}:\n${output}`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
  await handle.start();
  return handle;
}
