/** Starts a bench child process (the WebSocket server, the webhook load generator) and talks to it. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child<Incoming extends { type: string }, Outgoing> {
  /** The port the child listens on (127.0.0.1). */
  readonly port: number;
  send(message: Outgoing): void;
  /** The next message `match` accepts; rejects after `timeout` ms or when the child exits. */
  next<Message extends Incoming>(match: (message: Incoming) => message is Message, timeout: number, what: string): Promise<Message>;
  /** Calls `listener` with every message until the returned function is called. */
  listen(listener: (message: Incoming) => void): () => void;
  stop(): Promise<void>;
}

/**
 * Forks `file` through tsx like the bench itself, but without this process's flags (--cpu-prof,
 * --expose-gc...): its CPU must not show up here, nor in a profile. The child says
 * `{ type: 'listening', port }` once it is ready.
 */
export async function forkChild<Incoming extends { type: string }, Outgoing>(file: URL, name: string): Promise<Child<Incoming, Outgoing>> {
  const child = fork(fileURLToPath(file), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited: Error | undefined;
  const onExit = (code: number | null) => {
    exited = new Error(`The ${name} exited early (code ${String(code)}).`);
  };
  child.on('exit', onExit);

  const next = <Message extends Incoming>(match: (message: Incoming) => message is Message, timeout: number, what: string) =>
    new Promise<Message>((resolve, reject) => {
      if (exited) {
        reject(exited);
        return;
      }
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onEnd);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${what}: nothing from the ${name} within ${timeout / 1000} s.`));
      }, timeout);
      const onMessage = (message: Incoming) => {
        if (!match(message)) return;
        done();
        resolve(message);
      };
      const onEnd = () => {
        done();
        reject(exited ?? new Error(`The ${name} exited.`));
      };
      child.on('message', onMessage);
      child.on('exit', onEnd);
    });

  const listening = await next((message): message is Extract<Incoming, { type: 'listening' }> => message.type === 'listening', 15_000, 'start');
  const port = (listening as unknown as { port: number }).port;
  return {
    port,
    send: (message) => {
      child.send(message as object);
    },
    next,
    listen(listener) {
      child.on('message', listener);
      return () => child.off('message', listener);
    },
    stop: () =>
      new Promise((resolve) => {
        child.off('exit', onExit);
        if (child.exitCode !== null || !child.connected) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        // The child ends itself when the channel closes.
        child.disconnect();
      }),
  };
}
