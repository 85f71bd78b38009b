// One process of the deployment, started by main.ts (and the example's test) with its settings as
// JSON in the first argument: `{ "role": "worker" | "web", ...settings }`. It tells its parent over
// IPC when it is ready (with the conduit's ID, or its address) and each chat message it hears, and
// stops on a `stop` message.
import { startWebServer, startWorker, type WebSettings, type WorkerSettings } from './roles.ts';

type Settings = ({ role: 'worker' } & WorkerSettings) | ({ role: 'web' } & WebSettings);

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const tell = (message: Record<string, unknown>) => process.send?.(message);
const log = (line: string) => process.stdout.write(`[${settings.role} ${process.pid}] ${line}\n`);

const running =
  settings.role === 'worker'
    ? await startWorker({ ...settings, log, onMessage: (message) => tell({ type: 'message', pid: process.pid, ...message }) })
    : await startWebServer({ ...settings, log });
tell({ type: 'ready', pid: process.pid, ...('conduitId' in running ? { conduitId: running.conduitId } : { url: running.url }) });

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void running.close().then(() => process.disconnect());
});
