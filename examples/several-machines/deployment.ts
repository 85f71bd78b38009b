import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SharedSettings } from './roles.ts';

/** A chat message as a worker heard it, with the worker (0 or 1) that heard it. */
export interface HeardMessage {
  worker: number;
  chatter: string;
  text: string;
}

/** Three processes on one Redis: two conduit workers and the web process. */
export interface Deployment {
  /** The conduit the workers share. */
  readonly conduitId: string;
  /** The web process's address. */
  readonly webUrl: string;
  /** The process IDs: the two workers, then the web process. */
  readonly pids: number[];
  /** Every chat message the workers heard so far. */
  readonly heard: HeardMessage[];
  /** Asks the web process to send `text` to the chat as the bot; resolves with its answer. */
  say(text: string): Promise<{ message_id: string; is_sent: boolean }>;
  /** Stops the three processes (the first worker deletes the conduit it created). */
  close(): Promise<void>;
}

interface Started {
  child: ChildProcess;
  ready: Record<string, unknown>;
  exited: Promise<void>;
}

const processFile = fileURLToPath(new URL('./process.ts', import.meta.url));
/** The examples package, where `--import tsx` finds tsx whatever the caller's working directory. */
const examplesDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts process.ts with `settings`; resolves once it says it is ready. */
function startProcess(settings: Record<string, unknown>, onMessage: (message: Record<string, unknown>) => void, output: 'inherit' | 'ignore'): Promise<Started> {
  // TypeScript runs through tsx; `@platform/source` makes this repository's packages resolve to
  // their sources (an installed package ignores the condition).
  const child = fork(processFile, [JSON.stringify(settings)], { cwd: examplesDir, execArgv: ['--conditions=@platform/source', '--import', 'tsx'], stdio: ['ignore', output, 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (output === 'inherit') process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'ready') resolve({ child, ready: message, exited });
      else onMessage(message);
    });
    void exited.then(() => reject(new Error(`The ${String(settings.role)} process ended before it was ready:\n${stderr}`)));
  });
}

/**
 * Starts the deployment: the first worker creates a conduit of two shards and serves shard 0, the
 * second serves shard 1 of it, and the web process acts for the bot. All three keep the users'
 * tokens in the Redis of `settings`, where the bot's token must already be.
 */
export async function startDeployment(settings: Omit<SharedSettings, 'log'>, output: 'inherit' | 'ignore' = 'inherit'): Promise<Deployment> {
  const heard: HeardMessage[] = [];
  const started: Started[] = [];
  const listen = (worker: number) => (message: Record<string, unknown>) => {
    if (message.type === 'message') heard.push({ worker, chatter: String(message.chatter), text: String(message.text) });
  };
  const close = async () => {
    // The first worker last: it created the conduit and deletes it.
    for (const { child, exited } of [...started].reverse()) {
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    const first = await startProcess({ ...settings, role: 'worker', shardCount: 2, shards: [0] }, listen(0), output);
    started.push(first);
    const conduitId = String(first.ready.conduitId);
    started.push(await startProcess({ ...settings, role: 'worker', conduitId, shards: [1] }, listen(1), output));
    const web = await startProcess({ ...settings, role: 'web' }, () => undefined, output);
    started.push(web);
    const webUrl = String(web.ready.url);
    return {
      conduitId,
      webUrl,
      pids: started.map(({ child }) => child.pid!),
      heard,
      async say(text) {
        const response = await fetch(`${webUrl}/say`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
        const body = (await response.json()) as { message_id: string; is_sent: boolean; error?: string };
        if (!response.ok) throw new Error(`The web process answered ${response.status}: ${body.error ?? ''}`);
        return body;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
