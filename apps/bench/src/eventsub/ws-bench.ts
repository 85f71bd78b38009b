/**
 * Bench A: `channel.chat.message` events per second delivered to a handler over one WebSocket,
 * for raw `ws`, twurple's `EventSubWsListener` and our `@platform/eventsub-ws`. The server is a
 * child process (ws-server.ts); the contenders run here, one after another, in a rotating order.
 */
import type { ApiClient } from '@twurple/api';
import { median, rotated, spread } from '../harness';
import { number, percent, ratio, table } from '../report';
import { forkChild, type Child } from './child';
import { EVENT_USER_ID, SCOPES, CLIENT_ID, TOKEN, type WsSendMessage, type WsServerMessage } from './fixtures';
import { cpuMicros, megabytes, memorySampler, Sink, withTimeout } from './measure';
import { loadPlatformWs } from './platform';
import type { WsContender, WsKey } from './ws-contenders';

export interface WsSettings {
  /** Events of the first run of each contender: checks its answers and warms it up; not counted. */
  warmupEvents: number;
  /** Events per measured run (raised when the fastest contender would take less than `minRunMs`). */
  events: number;
  minRunMs: number;
  reps: number;
}

export const wsFull: WsSettings = { warmupEvents: 30_000, events: 200_000, minRunMs: 500, reps: 5 };
export const wsQuick: WsSettings = { warmupEvents: 5_000, events: 20_000, minRunMs: 0, reps: 1 };

export const wsKeys: readonly WsKey[] = ['raw', 'twurple', 'platform'];

interface RunFigures {
  eventsPerSecond: number;
  cpuMicrosPerEvent: number;
  heapGrowth: number;
  rssGrowth: number;
  heapKept: number;
  /** The server process's CPU per frame sent, for the record (not this process's). */
  serverMicrosPerEvent: number;
}

type ServerChild = Child<WsServerMessage, WsSendMessage>;

let runs = 0;

/** Below this, raw's memory growth is noise: no ratio to it. */
const MEANINGFUL_GROWTH = 1024 * 1024;

const growthRatio = (value: number, base: number): string => (base < MEANINGFUL_GROWTH ? '—' : ratio(value / base));

/** One run: open and subscribe, collect garbage, then time `count` events to the handler. */
async function receive(server: ServerChild, contender: WsContender, count: number): Promise<{ figures: RunFigures; first: unknown }> {
  const run = ++runs;
  const sink = new Sink(count);
  try {
    const subscriptionId = await withTimeout(contender.open(sink.handler), 15_000, `${contender.name} did not subscribe`);
    const sent = server
      .next((message): message is Extract<WsServerMessage, { type: 'sent' | 'failed' }> => (message.type === 'sent' || message.type === 'failed') && message.run === run, 120_000, 'send')
      .then((message) => {
        if (message.type === 'failed') throw new Error(`The server could not send: ${message.message}`);
        return message;
      });
    sent.catch(() => undefined);
    const memory = memorySampler();
    const cpu = process.cpuUsage();
    const start = performance.now();
    server.send({ type: 'send', run, subscriptionId, count });
    // Done when the handler has counted every event; a failure to send ends the run at once.
    await Promise.race([sink.finished(15_000, contender.name), sent.then(() => sink.done)]);
    const elapsed = performance.now() - start;
    const used = cpuMicros(cpu);
    const growth = memory.stop();
    const { cpuMicros: serverMicros } = await sent;
    if (contender.errors.length > 0) throw new Error(`${contender.name} reported ${contender.errors.length} errors, the first: ${String(contender.errors[0])}`);
    return {
      figures: {
        eventsPerSecond: (count * 1000) / elapsed,
        cpuMicrosPerEvent: used / count,
        heapGrowth: growth.heap,
        rssGrowth: growth.rss,
        heapKept: growth.kept,
        serverMicrosPerEvent: serverMicros / count,
      },
      first: sink.first,
    };
  } finally {
    await withTimeout(contender.close(), 10_000, `${contender.name} did not close`);
  }
}

/** Runs bench A and prints its tables. `only`: the contenders asked for (`undefined`: all that work). */
export async function runWsBench(settings: WsSettings, only: readonly WsKey[] | undefined): Promise<void> {
  console.log('A. EventSub WebSocket: channel.chat.message v1 events per second to a handler, one socket');
  const server: ServerChild = await forkChild(new URL('./ws-server.ts', import.meta.url), 'EventSub WebSocket server');
  try {
    // twurple reads the variable when its listener is built and on every API call.
    process.env.TWURPLE_MOCK_API_PORT = String(server.port);
    const { rawWs, twurpleWs, platformWs } = await import('./ws-contenders');
    const { ApiClient } = await import('@twurple/api');
    const { StaticAuthProvider } = await import('@twurple/auth');
    // One ApiClient (and token) for the whole run, as a user would keep it.
    const apiClient: ApiClient = new ApiClient({ authProvider: new StaticAuthProvider(CLIENT_ID, TOKEN, SCOPES) });

    const wanted = only ?? wsKeys;
    const contenders: WsContender[] = [];
    const notes: string[] = [];
    for (const key of wanted) {
      if (key === 'raw') contenders.push(rawWs(server.port));
      if (key === 'twurple') contenders.push(twurpleWs(apiClient));
      if (key === 'platform') {
        const loaded = await loadPlatformWs();
        if (!loaded.ok) {
          if (only) throw new Error(`Ours cannot run: ${loaded.reason}.`);
          notes.push(`ours left out: ${loaded.reason} (the default is then --only=raw,twurple)`);
          continue;
        }
        notes.push(`ours: @platform/eventsub-ws loaded from ${loaded.path}${loaded.warning ? `  WARNING: ${loaded.warning}` : ''}`);
        contenders.push(platformWs(loaded.module, server.port));
      }
    }
    console.log(`server: a child process on 127.0.0.1:${server.port} (raw ws WebSocketServer + subscription API)`);
    for (const note of notes) console.log(note);
    console.log(
      `runs: ${number(settings.warmupEvents)} warm-up events per contender, then ${settings.reps} run(s) each, ` +
        'rotating order; medians reported; one new socket and subscription per run',
    );

    // Checks and warm-up: one run each, not counted.
    const warmRates: number[] = [];
    console.log('Checks (the warm-up run):');
    for (const contender of [...contenders]) {
      try {
        const { figures, first } = await receive(server, contender, settings.warmupEvents);
        const chatter = contender.chatterOf(first);
        if (chatter !== EVENT_USER_ID) throw new Error(`${contender.name} handed over the wrong event (chatter ${chatter}).`);
        warmRates.push(figures.eventsPerSecond);
        console.log(`  ${contender.name.padEnd(22)} ok: ${number(settings.warmupEvents)} events, chatter ${chatter}`);
      } catch (error) {
        if (contender.key !== 'platform' || only) throw error;
        contenders.splice(contenders.indexOf(contender), 1);
        console.log(`  ${contender.name.padEnd(22)} FAILED, left out: ${(error as Error).message}`);
      }
    }
    if (contenders.length === 0) return;

    const fastest = Math.max(...warmRates);
    const minimum = Math.ceil((fastest * settings.minRunMs) / 1000 / 10_000) * 10_000;
    const events = Math.max(settings.events, minimum);
    if (events > settings.events) console.log(`(${number(settings.events)} events would take under ${settings.minRunMs} ms: ${number(events)} per run)`);

    const results = new Map<WsKey, RunFigures[]>(contenders.map((c) => [c.key, []]));
    for (let rep = 0; rep < settings.reps; rep++) {
      for (const contender of rotated(contenders, rep)) results.get(contender.key)!.push((await receive(server, contender, events)).figures);
    }
    if (process.env.BENCH_DUMP) console.error(JSON.stringify({ ws: Object.fromEntries(results) }));

    const figures = contenders.map((contender) => {
      const runs = results.get(contender.key)!;
      return {
        key: contender.key,
        name: contender.name,
        rate: median(runs.map((r) => r.eventsPerSecond)),
        cpu: median(runs.map((r) => r.cpuMicrosPerEvent)),
        heap: median(runs.map((r) => r.heapGrowth)),
        rss: median(runs.map((r) => r.rssGrowth)),
        kept: median(runs.map((r) => r.heapKept)),
        server: median(runs.map((r) => r.serverMicrosPerEvent)),
        rateSpread: spread(runs.map((r) => r.eventsPerSecond)),
        cpuSpread: spread(runs.map((r) => r.cpuMicrosPerEvent)),
      };
    });
    console.log('');
    console.log(
      table([
        ['contender', 'events/s', 'CPU µs/event', 'heap growth MB', 'rss growth MB', 'heap kept MB', 'spread rate / CPU'],
        ...figures.map((f) => [
          f.name,
          number(f.rate),
          number(f.cpu, 1),
          number(megabytes(f.heap), 1),
          number(megabytes(f.rss), 1),
          number(Math.max(0, megabytes(f.kept)), 1),
          `${percent(f.rateSpread)} / ${percent(f.cpuSpread)}`,
        ]),
      ]),
    );
    console.log(
      `${number(events)} events per run, ${settings.reps} run(s); CPU = this process, user + system, over the receive phase; ` +
        'growth = peak over the baseline taken after connect + subscribe + gc (sampled every 5 ms); kept = growth left after a gc at the end.',
    );
    console.log(`spread: max/min − 1 between runs. Server CPU per frame: ${figures.map((f) => `${number(f.server, 1)} µs (${f.key})`).join(', ')}.`);

    const base = figures.find((f) => f.key === 'raw');
    const others = figures.filter((f) => f.key !== 'raw');
    if (!base || others.length === 0) {
      console.log('No ratios: they need raw ws and another contender.');
      return;
    }
    // Rate and CPU: the median of each repetition's own ratio (every contender runs once per
    // repetition, back to back), so that the machine's drift between repetitions cancels out.
    const rawRuns = results.get('raw')!;
    const runRatio = (key: WsKey, field: 'eventsPerSecond' | 'cpuMicrosPerEvent'): string =>
      ratio(median(results.get(key)!.map((run, rep) => run[field] / rawRuns[rep]![field])));
    console.log('');
    console.log("Ratios to raw ws (events/s and CPU: the median of each repetition's own ratio; events/s: higher is better; the others: lower is better):");
    console.log(
      table([
        ['contender', 'events/s', 'CPU/event', 'heap growth', 'rss growth'],
        ...others.map((f) => [f.name, runRatio(f.key, 'eventsPerSecond'), runRatio(f.key, 'cpuMicrosPerEvent'), growthRatio(f.heap, base.heap), growthRatio(f.rss, base.rss)]),
      ]),
    );
    if (base.heap < MEANINGFUL_GROWTH || base.rss < MEANINGFUL_GROWTH) console.log('—: raw ws grew by less than 1 MB there, too little to divide by.');
  } finally {
    await server.stop();
  }
}
