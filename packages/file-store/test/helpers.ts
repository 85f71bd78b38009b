import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** A message between the test and a child process. */
export interface ChildMessage {
  type: string;
  [key: string]: unknown;
}

/** A child process running one of test/fixtures/*.ts with tsx, talking over IPC. */
export interface Child {
  process: ChildProcess;
  /** Every message received so far. */
  messages: ChildMessage[];
  /** Resolves with the first message of this type (already received or to come). */
  next(type: string): Promise<ChildMessage>;
  send(message: ChildMessage): void;
  /** Resolves when the process has ended, with its exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the child wrote to stderr. */
  stderr(): string;
}

/**
 * Starts `test/fixtures/<name>.ts` (or the TypeScript file at an absolute path, for the tests of
 * other packages) in a new Node process (workspace packages resolve to their TypeScript sources),
 * passing `config` as JSON in its first argument.
 */
export function startChild(name: string, config: unknown): Child {
  const file = isAbsolute(name) ? name : join(packageDir, 'test', 'fixtures', `${name}.ts`);
  const child = fork(file, [JSON.stringify(config)], {
    cwd: packageDir,
    execArgv: ['--conditions=@platform/source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const messages: ChildMessage[] = [];
  const waiters: Array<{ type: string; resolve: (message: ChildMessage) => void }> = [];
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  // 'close', not 'exit': 'exit' can come before the child's last messages are read from the IPC
  // channel (a child that sends "done" and ends at once was taken for one that ended without it).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  child.on('message', (message: ChildMessage) => {
    messages.push(message);
    for (const waiter of waiters.filter((each) => each.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  return {
    process: child,
    messages,
    next(type) {
      const seen = messages.find((message) => message.type === type);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ type, resolve });
        void exited.then(({ code, signal }) => {
          if (waiters.some((waiter) => waiter.resolve === resolve)) {
            reject(new Error(`The child ${name} ended (code ${code}, signal ${signal}) before sending "${type}". Its stderr:\n${errors}`));
          }
        });
      });
    },
    send(message) {
      child.send(message);
    },
    exited,
    stderr: () => errors,
  };
}

/** Waits until every child is ready, then lets them all go at once. */
export async function barrier(children: Child[]): Promise<void> {
  await Promise.all(children.map((child) => child.next('ready')));
  for (const child of children) child.send({ type: 'go' });
}

/** Kills the children still running and waits until every one has ended. */
export async function stopAll(children: Child[]): Promise<void> {
  for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  await Promise.all(children.map((child) => child.exited));
}

/** A fresh temporary directory, and the function that removes it. */
export async function temporaryDirectory(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'file-store-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
