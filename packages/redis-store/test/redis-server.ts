import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/**
 * A real `redis-server` (Debian's package) on a free 127.0.0.1 port, persistence off, for the
 * tests. `stop()` and `start()` again keep the port, so a test can take Redis away mid-run and
 * bring it back. `.ci/run` installs redis-server when it is missing.
 */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL by default (Redis vanishes), or a clean shutdown. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGSTOP: Redis hangs, its connections stay open and nothing is answered until `resume()`. */
  pause(): void;
  /** SIGCONT: Redis answers again, the commands sent meanwhile included. */
  resume(): void;
}

/** Options of `startRedis()`. */
export interface TestRedisOptions {
  /**
   * Keep the data in an append-only file in this directory, written at every command, so that it
   * survives `stop()` (even SIGKILL) and `start()`, as a deployment that keeps tokens in Redis runs it.
   * Persistence is off without it.
   */
  appendOnlyDir?: string | undefined;
}

export async function startRedis(options: TestRedisOptions = {}): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn(
        process.env.REDIS_SERVER ?? 'redis-server',
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes', '--loglevel', 'warning'],
          ...(options.appendOnlyDir === undefined ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.appendOnlyDir]),
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const failed = new Promise<never>((_, reject) => {
        started.once('error', (error) => reject(new Error(`redis-server could not start (is it installed? apt-get install redis-server): ${error.message}`)));
        started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${stderr}`)));
      });
      child = started;
      await Promise.race([waitForPort(port), failed]);
    },
    async stop(signal = 'SIGKILL') {
      const running = child;
      if (!running) return;
      child = undefined;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
  await server.start();
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not listen on 127.0.0.1:${port}`);
}
