/** The bench server (`server.ts`) in a child process of its own, so that its CPU is not counted here. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParentMessage, ServerMessage } from './fixture';

export interface ServerHandle {
  port: number;
  stats(): Promise<Record<string, number>>;
  reset(): void;
  stop(): Promise<void>;
}

export async function startServer(): Promise<ServerHandle> {
  // The server runs through tsx like this file, but without any of this process's flags
  // (--cpu-prof, --expose-gc...): its CPU must not show up here, nor its profile.
  const child: ChildProcess = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The bench server did not start within 15 s.')), 15_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The bench server exited early (code ${String(code)}).`)));
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'listening') {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
  });
  const send = (message: ParentMessage) => child.send(message);
  return {
    port,
    stats: () =>
      new Promise((resolve) => {
        const onMessage = (message: ServerMessage) => {
          if (message.type !== 'stats') return;
          child.off('message', onMessage);
          resolve(message.counts);
        };
        child.on('message', onMessage);
        send({ type: 'stats' });
      }),
    reset: () => send({ type: 'reset' }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || !child.connected) {
          resolve();
          return;
        }
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
