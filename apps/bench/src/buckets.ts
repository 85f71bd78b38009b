/**
 * What a rate-limit bucket shared through Redis (`redisBuckets()` of `@platform/redis-store`) costs
 * per call against the client's in-memory buckets: one take and one record per call, as the
 * pipeline does for each attempt, sequential and with calls in parallel. Starts its own
 * redis-server on a free 127.0.0.1 port (persistence off), or uses `REDIS_URL`. Run with
 * `pnpm bench:buckets` (from the repository root); add `-- --quick` for a short smoke run. See README.md.
 */
import { createClient, systemClock, type RateLimitBucketStore, type RateLimitHeaders } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { redisBuckets } from '@platform/redis-store';
import { Redis } from 'ioredis';
import { cpus } from 'node:os';
import { startRedis, type TestRedis } from '../../../packages/redis-store/test/redis-server';
import { median, spread } from './harness';
import { number, table } from './report';
import { packageBuild } from './setup';

/** The goal of issue 17: what sharing the bucket adds to a call, on loopback. */
const goalMs = 0.3;
const concurrency = 50;

interface Settings {
  calls: number;
  runs: number;
}
const full: Settings = { calls: 5_000, runs: 7 };
const quick: Settings = { calls: 500, runs: 1 };

/** An answer's headers as the platform sends them: a budget far from spent, reset 60 s ahead. */
const answer: RateLimitHeaders = (() => {
  const values: Record<string, string> = { 'ratelimit-limit': '800', 'ratelimit-remaining': '799', 'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60) };
  return { get: (name: string) => values[name.toLowerCase()] ?? null };
})();

const target = { method: 'GET', path: '/chat/emotes/global' } as const;
const url = 'http://127.0.0.1/helix/chat/emotes/global';

/** One call's bucket work, as the pipeline does it for one attempt. */
async function bucketWork(store: RateLimitBucketStore): Promise<void> {
  const waiting = store.take('app', target, url, undefined);
  if (waiting) await waiting;
  store.record('app', answer, false);
}

/** Ms per call: `calls` one after the other, or spread over `workers` running side by side. */
async function run(oneCall: () => Promise<void>, calls: number, workers: number): Promise<number> {
  globalThis.gc?.();
  let left = calls;
  const worker = async () => {
    while (left > 0) {
      left--;
      await oneCall();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  return (performance.now() - started) / calls;
}

async function main(): Promise<void> {
  const settings = process.argv.includes('--quick') ? quick : full;
  const core = await packageBuild('@platform/core');
  const store = await packageBuild('@platform/redis-store');
  let server: TestRedis | undefined;
  const redisUrl = process.env.REDIS_URL ?? (server = await startRedis()).url;
  // One connection for the shared buckets, one for the reference PING.
  const redis = new Redis(redisUrl);
  const shared = redisBuckets({ url: redisUrl, prefix: `bench:${process.pid}:` });
  try {
    const context = { clientId: 'bench', clock: systemClock, rateLimit: 'wait' as const, timeout: 15_000, events: { emit: () => {} } };
    const memory = clientCore(createClient({ clientId: 'bench', token: 'bench-token' })).buckets;
    const sharedStore = shared(context);
    const contenders: Record<string, () => Promise<void>> = {
      'in memory (default)': () => bucketWork(memory),
      'Redis (redisBuckets)': () => bucketWork(sharedStore),
      'reference: Redis PING': async () => void (await redis.ping()),
    };
    console.log(`Shared rate-limit bucket benchmark${settings === quick ? ' (--quick: a smoke run, figures are rough)' : ''}`);
    console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}); Redis at ${redisUrl}${server ? ' (started by the bench)' : ' (REDIS_URL)'}`);
    for (const [name, build] of [['@platform/core', core], ['@platform/redis-store', store]] as const) {
      console.log(`${name} loaded from ${build.path}${build.warning ? `  WARNING: ${build.warning}` : ''}`);
    }
    console.log(`runs: ${settings.runs} x ${number(settings.calls)} calls (take + record each) per store, sequential and ${concurrency} at a time; medians reported\n`);

    // Warm up both (scripts loaded, code optimised).
    for (const each of Object.values(contenders)) {
      await run(each, 1_000, 1);
      await run(each, 1_000, concurrency);
    }
    const figures: Record<string, { sequential: number[]; parallel: number[] }> = {};
    for (let round = 0; round < settings.runs; round++) {
      for (const [name, each] of Object.entries(contenders)) {
        const entry = (figures[name] ??= { sequential: [], parallel: [] });
        entry.sequential.push(await run(each, settings.calls, 1));
        entry.parallel.push(await run(each, settings.calls, concurrency));
      }
    }
    const ms = (value: number) => value.toFixed(4);
    const rows = Object.entries(figures).map(([name, { sequential, parallel }]) => [
      name,
      ms(median(sequential)),
      ms(median(parallel)),
      `${Math.round(Math.max(spread(sequential), spread(parallel)) * 100)}%`,
    ]);
    console.log(table([['store', 'sequential ms/call', `${concurrency} at a time ms/call`, 'spread'], ...rows]));
    const inMemory = figures['in memory (default)']!;
    const inRedis = figures['Redis (redisBuckets)']!;
    const costSequential = median(inRedis.sequential) - median(inMemory.sequential);
    const costParallel = median(inRedis.parallel) - median(inMemory.parallel);
    console.log('ms/call: wall time of the run / calls; with calls in parallel, the time per call of the throughput.');
    console.log('reference: one PING per call on its own connection, the round trip to this Redis (the floor of any shared bucket).');
    console.log(`\nShared bucket cost per call: ${ms(costSequential)} ms sequential, ${ms(costParallel)} ms with ${concurrency} at a time.`);
    console.log(`Goal: under ${goalMs} ms per call on loopback (sequential, the worst case): ${costSequential < goalMs ? 'MET' : 'NOT MET'}.`);
  } finally {
    await shared.close();
    redis.disconnect();
    await server?.stop('SIGTERM');
  }
}

await main();
