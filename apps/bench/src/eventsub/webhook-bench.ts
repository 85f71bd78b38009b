/**
 * Bench B: signed `channel.follow` v2 webhook deliveries verified per second, for raw `node:http`,
 * twurple's `EventSubHttpListener` and our `@platform/eventsub-webhook`. The listeners run here,
 * one after another in a rotating order; the platform's side (subscription API, verification
 * challenge, load) is a child process (webhook-generator.ts).
 */
import type { ApiClient } from '@twurple/api';
import { median, rotated, settle, spread } from '../harness';
import { number, percent, ratio, table } from '../report';
import { forkChild, type Child } from './child';
import { CLIENT_ID, CLIENT_SECRET, EVENT_USER_ID, type GeneratorLoadMessage, type GeneratorMessage } from './fixtures';
import { cpuMicros, Sink, withTimeout } from './measure';
import { loadPlatformWebhook } from './platform';
import type { WebhookContender, WebhookKey } from './webhook-contenders';

export interface WebhookSettings {
  /** Deliveries of the first run of each contender: checks its answers and warms it up; not counted. */
  warmupDeliveries: number;
  deliveries: number;
  reps: number;
  /** Requests in flight at any time, each on its own keep-alive connection. */
  concurrency: number;
}

export const webhookFull: WebhookSettings = { warmupDeliveries: 5_000, deliveries: 20_000, reps: 5, concurrency: 64 };
export const webhookQuick: WebhookSettings = { warmupDeliveries: 3_000, deliveries: 5_000, reps: 1, concurrency: 64 };

export const webhookKeys: readonly WebhookKey[] = ['raw', 'checked', 'twurple', 'platform'];

interface RunFigures {
  deliveriesPerSecond: number;
  cpuMicrosPerDelivery: number;
  /** The generator's CPU per delivery (its own process), to show it is not the bottleneck. */
  generatorMicrosPerDelivery: number;
}

type GeneratorChild = Child<GeneratorMessage, GeneratorLoadMessage>;

let runs = 0;

/** One run: listen and subscribe (verified), collect garbage, then time `count` deliveries. */
async function deliver(
  generator: GeneratorChild,
  contender: WebhookContender,
  count: number,
  concurrency: number,
): Promise<{ figures: RunFigures; first: unknown }> {
  const run = ++runs;
  const sink = new Sink(count);
  // What the generator saw of the challenge, to explain a subscription that never becomes ready.
  let verification = 'no challenge sent';
  const stopListening = generator.listen((message) => {
    if (message.type === 'verification') verification = `challenge to ${message.callback}: ${message.ok ? 'answered' : 'FAILED'} (${message.detail})`;
  });
  try {
    const target = await withTimeout(contender.open(sink.handler), 15_000, `${contender.name} did not become ready`).catch((error: Error) => {
      throw new Error(`${error.message}; ${verification}`);
    });
    const done = generator
      .next((message): message is Extract<GeneratorMessage, { type: 'done' | 'failed' }> => (message.type === 'done' || message.type === 'failed') && message.run === run, 120_000, 'load')
      .then((message) => {
        if (message.type === 'failed') throw new Error(`The load generator failed with ${contender.name}: ${message.message}`);
        return message;
      });
    done.catch(() => undefined);
    settle();
    const cpu = process.cpuUsage();
    generator.send({ type: 'load', run, port: target.port, path: target.path, count, concurrency, subscriptionId: target.subscriptionId });
    const result = await done;
    const used = cpuMicros(cpu);
    const refused = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
    if (refused.length > 0) throw new Error(`${contender.name} refused deliveries: ${refused.map(([status, n]) => `${n} × ${status}`).join(', ')}.`);
    // Every delivery was acknowledged; the handler may run just after the acknowledgement.
    await sink.finished(5_000, contender.name);
    if (contender.errors.length > 0) throw new Error(`${contender.name} reported ${contender.errors.length} errors, the first: ${String(contender.errors[0])}`);
    return {
      figures: {
        deliveriesPerSecond: (count * 1000) / result.ms,
        cpuMicrosPerDelivery: used / count,
        generatorMicrosPerDelivery: result.cpuMicros / count,
      },
      first: sink.first,
    };
  } finally {
    stopListening();
    await withTimeout(contender.close(), 10_000, `${contender.name} did not close`);
  }
}

/** Runs bench B and prints its tables. `only`: the contenders asked for (`undefined`: all that work). */
export async function runWebhookBench(settings: WebhookSettings, only: readonly WebhookKey[] | undefined): Promise<void> {
  console.log('B. EventSub webhook: signed channel.follow v2 deliveries verified per second');
  const generator: GeneratorChild = await forkChild(new URL('./webhook-generator.ts', import.meta.url), 'EventSub webhook load generator');
  try {
    // twurple's API calls (subscribe, list, delete, validate) go to the generator's fake API.
    process.env.TWURPLE_MOCK_API_PORT = String(generator.port);
    const { rawWebhook, rawCheckedWebhook, twurpleWebhook, platformWebhook } = await import('./webhook-contenders');
    const { ApiClient } = await import('@twurple/api');
    const { AppTokenAuthProvider } = await import('@twurple/auth');
    // Webhook subscriptions take an app token (client credentials): twurple asks /auth/token for one.
    const apiClient: ApiClient = new ApiClient({ authProvider: new AppTokenAuthProvider(CLIENT_ID, CLIENT_SECRET) });

    const wanted = only ?? webhookKeys;
    const contenders: WebhookContender[] = [];
    const notes: string[] = [];
    for (const key of wanted) {
      if (key === 'raw') contenders.push(rawWebhook());
      if (key === 'checked') contenders.push(rawCheckedWebhook());
      if (key === 'twurple') contenders.push(twurpleWebhook(apiClient));
      if (key === 'platform') {
        const loaded = await loadPlatformWebhook();
        if (!loaded.ok) {
          if (only) throw new Error(`Ours cannot run: ${loaded.reason}.`);
          notes.push(`ours left out: ${loaded.reason} (the default is then --only=raw,twurple)`);
          continue;
        }
        notes.push(`ours: @platform/eventsub-webhook loaded from ${loaded.path}${loaded.warning ? `  WARNING: ${loaded.warning}` : ''}`);
        contenders.push(platformWebhook(loaded.module, generator.port));
      }
    }
    console.log(`generator: a child process (subscription API on 127.0.0.1:${generator.port}; ${settings.concurrency} keep-alive connections, one request in flight on each)`);
    for (const note of notes) console.log(note);
    console.log(
      `runs: ${number(settings.warmupDeliveries)} warm-up deliveries per contender, then ${settings.reps} run(s) of ${number(settings.deliveries)} each, ` +
        'rotating order; medians reported; a new listener and subscription per run',
    );

    console.log('Checks (the warm-up run):');
    for (const contender of [...contenders]) {
      try {
        const { first } = await deliver(generator, contender, settings.warmupDeliveries, settings.concurrency);
        const user = contender.userOf(first);
        if (user !== EVENT_USER_ID) throw new Error(`${contender.name} handed over the wrong event (follower ${user}).`);
        console.log(`  ${contender.name.padEnd(26)} ok: ${number(settings.warmupDeliveries)} deliveries, all 2xx, follower ${user}`);
      } catch (error) {
        if (contender.key !== 'platform' || only) throw error;
        contenders.splice(contenders.indexOf(contender), 1);
        console.log(`  ${contender.name.padEnd(26)} FAILED, left out: ${(error as Error).message}`);
      }
    }
    if (contenders.length === 0) return;

    const results = new Map<WebhookKey, RunFigures[]>(contenders.map((c) => [c.key, []]));
    for (let rep = 0; rep < settings.reps; rep++) {
      for (const contender of rotated(contenders, rep)) {
        results.get(contender.key)!.push((await deliver(generator, contender, settings.deliveries, settings.concurrency)).figures);
      }
    }
    if (process.env.BENCH_DUMP) console.error(JSON.stringify({ webhook: Object.fromEntries(results) }));

    const figures = contenders.map((contender) => {
      const runs = results.get(contender.key)!;
      return {
        key: contender.key,
        name: contender.name,
        rate: median(runs.map((r) => r.deliveriesPerSecond)),
        cpu: median(runs.map((r) => r.cpuMicrosPerDelivery)),
        generator: median(runs.map((r) => r.generatorMicrosPerDelivery)),
        rateSpread: spread(runs.map((r) => r.deliveriesPerSecond)),
        cpuSpread: spread(runs.map((r) => r.cpuMicrosPerDelivery)),
      };
    });
    console.log('');
    console.log(
      table([
        ['contender', 'deliveries/s', 'CPU µs/delivery', 'generator CPU µs/delivery', 'spread rate / CPU'],
        ...figures.map((f) => [f.name, number(f.rate), number(f.cpu, 1), number(f.generator, 1), `${percent(f.rateSpread)} / ${percent(f.cpuSpread)}`]),
      ]),
    );
    console.log(
      `${number(settings.deliveries)} deliveries per run, ${settings.reps} run(s), ${settings.concurrency} in flight; ` +
        'CPU = this (the listener\'s) process, user + system; the generator\'s CPU is its own process\'s.',
    );
    console.log('spread: max/min − 1 between runs.');

    const base = figures.find((f) => f.key === 'raw');
    const others = figures.filter((f) => f.key !== 'raw');
    if (!base || others.length === 0) {
      console.log('No ratios: they need raw node:http and another contender.');
      return;
    }
    // Each repetition ran every contender once, back to back: the ratio of a repetition's figures,
    // then the median of those ratios, so that the machine's drift between repetitions cancels out.
    const runRatio = (key: WebhookKey, baseKey: WebhookKey, field: 'deliveriesPerSecond' | 'cpuMicrosPerDelivery'): string => {
      const baseRuns = results.get(baseKey)!;
      return ratio(median(results.get(key)!.map((run, rep) => run[field] / baseRuns[rep]![field])));
    };
    const ratioRow = (key: WebhookKey, name: string, baseKey: WebhookKey) => [name, runRatio(key, baseKey, 'deliveriesPerSecond'), runRatio(key, baseKey, 'cpuMicrosPerDelivery')];
    console.log('');
    console.log('Ratios to raw node:http, the median of each repetition\'s own ratio (deliveries/s: higher is better; CPU: lower is better):');
    console.log(table([['contender', 'deliveries/s', 'CPU/delivery'], ...others.map((f) => ratioRow(f.key, f.name, 'raw'))]));
    const ours = figures.find((f) => f.key === 'platform');
    if (ours && results.has('checked')) {
      console.log('');
      console.log('Ours against raw node:http with the same replay checks (a 10-minute window and a repeat check by message ID):');
      console.log(table([['contender', 'deliveries/s', 'CPU/delivery'], ratioRow('platform', ours.name, 'checked')]));
    }
  } finally {
    await generator.stop();
  }
}
