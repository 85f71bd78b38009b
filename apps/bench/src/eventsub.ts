/**
 * EventSub benchmarks: raw code, twurple and our EventSub transports, each over the same local
 * child process. A: events per second over one WebSocket; B: signed webhook deliveries verified
 * per second. Run with `pnpm bench:eventsub` (from the repository root) or
 * `pnpm --filter @platform/bench bench:eventsub`; add `-- --quick` for a short smoke run. See README.md.
 */
import { cpus } from 'node:os';
import { checkLocalhost } from './setup';
import { runWebhookBench, webhookFull, webhookKeys, webhookQuick } from './eventsub/webhook-bench';
import { runWsBench, wsFull, wsKeys, wsQuick } from './eventsub/ws-bench';

const contenderKeys = ['raw', 'checked', 'twurple', 'platform'] as const;
type ContenderKey = (typeof contenderKeys)[number];
const benchKeys = ['ws', 'webhook'] as const;
type BenchKey = (typeof benchKeys)[number];

interface Args {
  quick: boolean;
  /** The contenders asked for with --only; `undefined`: every one that loads and passes its check. */
  only: ContenderKey[] | undefined;
  benches: BenchKey[];
}

function list<Key extends string>(arg: string, prefix: string, keys: readonly Key[]): Key[] {
  const names = arg.slice(prefix.length).split(',');
  const unknown = names.filter((name) => !(keys as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) throw new Error(`${prefix.slice(0, -1)} takes a list of ${keys.join(', ')}; got ${arg}.`);
  return names as Key[];
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { quick: false, only: undefined, benches: [...benchKeys] };
  for (const arg of argv) {
    if (arg === '--') continue;
    if (arg === '--quick') args.quick = true;
    else if (arg.startsWith('--only=')) args.only = list(arg, '--only=', contenderKeys);
    else if (arg.startsWith('--bench=')) args.benches = list(arg, '--bench=', benchKeys);
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: pnpm bench:eventsub [-- --quick] [-- --only=raw,checked,twurple,platform] [-- --bench=ws,webhook]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${arg}. Try --help.`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const localhost = await checkLocalhost();
  console.log(`EventSub benchmark${args.quick ? ' (--quick: a smoke run, figures are rough)' : ''}`);
  console.log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), gc before each run: ${globalThis.gc ? 'yes' : 'no (run node with --expose-gc)'}; ` +
      `localhost resolves to ${localhost}`,
  );
  if (args.benches.includes('ws')) {
    console.log('');
    await runWsBench(args.quick ? wsQuick : wsFull, args.only?.filter((key): key is (typeof wsKeys)[number] => (wsKeys as readonly string[]).includes(key)));
  }
  if (args.benches.includes('webhook')) {
    console.log('');
    await runWebhookBench(args.quick ? webhookQuick : webhookFull, args.only?.filter((key): key is (typeof webhookKeys)[number] => (webhookKeys as readonly string[]).includes(key)));
  }
  console.log(`\nTotal run time ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().then(
  // twurple keeps a 10-minute timer per event it has seen (its duplicate filter): end explicitly.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
