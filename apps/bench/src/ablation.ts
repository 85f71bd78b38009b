/**
 * Where a small call's cost goes: @platform/core with parts of its pipeline switched off, each
 * measured against the whole library in interleaved short blocks, and raw clients for scale.
 * Run with `pnpm bench:ablation` (from the repository root); `-- --pairs=N` sets the pairs of
 * blocks (default 60). See README.md, "Where a small call's cost goes".
 *
 * The parts are switched off through the client's own options and core's internal entry, never by
 * editing core: a clock whose timers do nothing (no timeout timer per attempt), a bucket store
 * that keeps nothing (no rate-limit accounting), and `runCall()` with a call made once (no
 * `client.request()` layer: no path split, no call object, one async function less).
 *
 * Two raw rows: node:http (`pnpm bench`'s reference) and undici's `dispatch()`, the transport core
 * sends with on Node: what is left of the library's cost once its pipeline is off.
 */
import { createClient, systemClock, type Clock, type RateLimitBucketStore } from '@platform/core';
import { internalsOf, runCall, type Call } from '@platform/core/internal';
import type { BenchClient } from './clients';
import { CLIENT_ID, TOKEN } from './fixture';
import { burstBlock, paired, sequentialBlock, settle } from './harness';
import { ratio, table } from './report';
import { startServer } from './server-process';
import { checkLocalhost, packageBuild } from './setup';

interface Parts {
  /** The attempt's timeout timer. */
  timer: boolean;
  /** The rate-limit buckets: a point taken before each attempt, the answer's headers recorded. */
  buckets: boolean;
  /** `client.request()` around the pipeline. */
  request: boolean;
}

/** The real clock, except that its timers never fire: attempts run without a timeout. */
const timerless: Clock = { ...systemClock, setTimeout: () => undefined, clearTimeout: () => undefined };

/** A bucket store that keeps nothing: no call waits, no answer is recorded. */
const noBuckets = (): RateLimitBucketStore => ({
  take: () => undefined,
  release: () => undefined,
  record: () => undefined,
  state: () => undefined,
});

const path = '/chat/emotes/global';

function variant(name: string, port: number, parts: Parts): BenchClient {
  const client = createClient({
    clientId: CLIENT_ID,
    token: TOKEN,
    baseUrl: `http://127.0.0.1:${port}/helix`,
    ...(parts.timer ? {} : { clock: timerless }),
    ...(parts.buckets ? {} : { buckets: noBuckets }),
  });
  const unused = () => {
    throw new Error('The ablation bench makes small calls only.');
  };
  if (parts.request) {
    return {
      name,
      async get() {
        const answer = await client.request<{ data: unknown[] }>({ method: 'GET', path });
        return answer?.data.length ?? 0;
      },
      pageAll: unused,
      idOf: unused,
    };
  }
  // The client's own view (its core and identity), as client.request() passes it.
  const view = internalsOf(client);
  const call: Call = { target: { method: 'GET', path, token: 'either', scopes: [] }, params: {}, encode: () => ({ search: '', body: undefined }) };
  return {
    name,
    async get() {
      const answer = await runCall(view, call);
      return (answer.data as { data: unknown[] }).data.length;
    },
    pageAll: unused,
    idOf: unused,
  };
}

function parsePairs(argv: readonly string[]): number {
  let pairs = 60;
  for (const arg of argv) {
    if (arg === '--') continue;
    const value = /^--pairs=(\d+)$/.exec(arg)?.[1];
    if (value === undefined || Number(value) < 2) throw new Error(`Unknown argument ${arg}. Usage: pnpm bench:ablation [-- --pairs=N] (N at least 2).`);
    pairs = Number(value);
  }
  return pairs;
}

async function main(): Promise<void> {
  const pairs = parsePairs(process.argv.slice(2));
  const started = performance.now();
  await checkLocalhost();
  const build = await packageBuild('@platform/core');
  const server = await startServer();
  try {
    const { httpClient, undiciDispatchClient } = await import('./clients');
    const whole = variant('@platform/core', server.port, { timer: true, buckets: true, request: true });
    const others: BenchClient[] = [
      variant('without the timeout timer', server.port, { timer: false, buckets: true, request: true }),
      variant('without rate-limit buckets', server.port, { timer: true, buckets: false, request: true }),
      variant('runCall() without client.request()', server.port, { timer: true, buckets: true, request: false }),
      variant('all three off', server.port, { timer: false, buckets: false, request: false }),
      httpClient(server.port),
      undiciDispatchClient(server.port),
    ];
    console.log('Where a small call costs: @platform/core with parts switched off, against the whole library');
    console.log(`node ${process.version}; @platform/core loaded from ${build.path}${build.warning ? `  WARNING: ${build.warning}` : ''}`);
    console.log(`${pairs} pairs of blocks per figure (200 sequential calls; 4 bursts of 50), the two clients alternating first`);
    console.log('');
    for (const client of [whole, ...others]) {
      for (let index = 0; index < 600; index++) await client.get();
      await Promise.all(Array.from({ length: 50 }, () => client.get()));
    }
    const rows: string[][] = [];
    for (const client of others) {
      const seq = await paired(client, whole, pairs, sequentialBlock);
      const bursts = await paired(client, whole, pairs, burstBlock(50));
      rows.push([client.name, ratio(seq.cpu), ratio(bursts.cpu), ratio(seq.time), ratio(bursts.time)]);
    }
    settle();
    console.log(table([['variant / whole library', 'CPU/call seq', 'CPU/call burst', 'time/call seq', 'time/call burst'], ...rows]));
    console.log('Median ratios of the pairs; below 1.00x the variant is cheaper than the whole library by that much.');
    console.log('Raw undici dispatch is the floor of the transport the library uses on Node: its ratio is what the pipeline costs on top of it.');
    console.log('');
    console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await server.stop();
  }
}

await main();
