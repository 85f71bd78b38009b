import { createMockPlatform } from '@platform/mock';
import { startConduitWorker } from './worker.ts';

// Runs a conduit worker. With PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET and PLATFORM_CHANNELS
// (logins, comma-separated) it serves the real platform until Ctrl+C: without PLATFORM_CONDUIT_ID
// it creates a conduit of PLATFORM_SHARD_COUNT shards (1) and prints its ID; start more workers with
// PLATFORM_CONDUIT_ID and PLATFORM_SHARDS (for example "1" or "2,3") to share it. Without
// credentials it runs on the mock platform: two workers share a conduit of two shards, and four
// channels going live are spread over them.

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = process.env;

if (env.PLATFORM_CLIENT_ID && env.PLATFORM_CLIENT_SECRET && env.PLATFORM_CHANNELS) {
  const worker = await startConduitWorker({
    clientId: env.PLATFORM_CLIENT_ID,
    clientSecret: env.PLATFORM_CLIENT_SECRET,
    channels: env.PLATFORM_CHANNELS.split(',').map((login) => login.trim()),
    conduitId: env.PLATFORM_CONDUIT_ID || undefined,
    shardCount: env.PLATFORM_SHARD_COUNT ? Number(env.PLATFORM_SHARD_COUNT) : undefined,
    shards: env.PLATFORM_SHARDS ? env.PLATFORM_SHARDS.split(',').map(Number) : undefined,
    log,
  });
  log(`Conduit ${worker.conduitId}; Ctrl+C stops this worker.`);
  process.once('SIGINT', () => void worker.close().then(() => process.exit(0)));
} else {
  // Round robin, so that the two workers visibly share the events.
  const mock = await createMockPlatform({ eventsub: { conduitRouting: 'round-robin' } });
  try {
    const app = mock.addClient({ clientId: 'example-conduit', clientSecret: 'example-conduit-secret' });
    const logins = ['pixelforge', 'quietfox', 'mossmod', 'emberline'];
    const streamers = logins.map((login) => mock.addUser({ login }));
    const settings = { clientId: app.clientId, clientSecret: app.clientSecret, channels: logins, platform: mock };
    const first = await startConduitWorker({ ...settings, shardCount: 2, shards: [0], log: (line) => log(`[worker 0] ${line}`) });
    const second = await startConduitWorker({ ...settings, conduitId: first.conduitId, shards: [1], log: (line) => log(`[worker 1] ${line}`) });
    for (const streamer of streamers) mock.streams.start(streamer.id);
    for (const end = Date.now() + 5000; first.received + second.received < streamers.length && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
    log(`worker 0 received ${first.received} events, worker 1 ${second.received}.`);
    await second.close();
    // The demo is over for good: the conduit goes, with its subscriptions.
    await first.teardown();
  } finally {
    await mock.close();
  }
}
