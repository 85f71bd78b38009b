/**
 * The webhook listener in several Node processes behind one callback, as a deployment runs it:
 * a round-robin load balancer of our own (a node:http server in this process) in front of child
 * processes (test/fixtures/webhook-process.ts, run with tsx), each with its own node:http server
 * and `eventSubWebhook(client, { callback: <the balancer's URL>, secret, dedupe: redisDedupe() })`,
 * the same `on()` calls in each; the mock platform runs here, a real `redis-server` beside it.
 * Everything listens on 127.0.0.1.
 *
 * The children report each handler call (with the delivery's message ID) over IPC; the balancer
 * records each attempt of each message (which process, what it answered, what the platform got).
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The child-process helpers of the file store's tests: a fixture run with tsx, talking over IPC.
import { startChild, stopAll, type Child, type ChildMessage } from '../../file-store/test/helpers';
// A real redis-server on a free port, which a test can stop and start again.
import { startRedis, type TestRedis } from '../../redis-store/test/redis-server';

const fixture = fileURLToPath(new URL('fixtures/webhook-process.ts', import.meta.url));
const SECRET = 'several-processes-secret-0123456789';
const clientId = 'webhook-processes-app';
const clientSecret = 'webhook-processes-app-secret';
const BROADCASTER = '7100';
/** The platform's waits before its retries of an unanswered message: short, and together longer than a Redis restart. */
const retryDelaysMs = [100, 200, 400, 800, 1_600, 3_200];

/** One attempt of one message, as the balancer saw it. */
interface Hop {
  messageId: string;
  /** The message type header: `notification`, `webhook_callback_verification`... */
  type: string;
  /** The retry header: `0` for the first attempt. */
  retry: string;
  /** The process it went to. */
  process: number;
  /** What the process answered; 0 when it could not be reached. */
  status: number;
  /** What the platform got from the balancer. */
  answered: number;
}

/**
 * A round-robin load balancer: each message goes to the next process in turn, and the platform's
 * retry of a message goes to the process after the one its previous attempt went to (so a retry
 * always lands on another process). A process that cannot be reached gets the platform a 502.
 * `lose` picks notifications whose 2xx answer is replaced by a 502 on the way back (the answer
 * lost): the process handled it, and the platform sends it again.
 */
class Balancer {
  readonly url: string;
  readonly hops: Hop[] = [];
  /** The message IDs whose answer was lost on purpose, with the process that had answered 2xx. */
  readonly lost = new Map<string, number>();
  lose: ((retry: string) => boolean) | undefined;
  /** Picks the process for a message of this type, instead of the next in turn (undefined: the next in turn). */
  route: ((type: string) => number | undefined) | undefined;
  readonly #server: ReturnType<typeof createServer>;
  readonly #agent = new Agent({ keepAlive: true });
  #backends: { process: number; port: number }[] = [];
  #next = 0;
  /** The process each message's last attempt went to. */
  readonly #last = new Map<string, number>();

  private constructor(server: ReturnType<typeof createServer>) {
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eventsub`;
  }

  static async start(): Promise<Balancer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const balancer = new Balancer(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => balancer.#handle(request, response));
    return balancer;
  }

  add(process: number, port: number): void {
    this.#backends.push({ process, port });
  }

  remove(process: number): void {
    this.#backends = this.#backends.filter((backend) => backend.process !== process);
  }

  /** Message IDs the platform got a 2xx for. */
  acknowledged(type = 'notification'): Set<string> {
    return new Set(this.hops.filter((hop) => hop.type === type && hop.answered >= 200 && hop.answered < 300).map((hop) => hop.messageId));
  }

  /** Message IDs of the given type that reached the balancer. */
  seen(type = 'notification'): Set<string> {
    return new Set(this.hops.filter((hop) => hop.type === type).map((hop) => hop.messageId));
  }

  close(): Promise<void> {
    this.#agent.destroy();
    return new Promise((resolve) => {
      this.#server.closeAllConnections();
      this.#server.close(() => resolve());
    });
  }

  #pick(messageId: string, type: string): { process: number; port: number } | undefined {
    const backends = this.#backends;
    if (backends.length === 0) return undefined;
    const chosen = this.route?.(type);
    const routed = backends.find((backend) => backend.process === chosen);
    if (routed) return routed;
    const previous = this.#last.get(messageId);
    const at = previous === undefined ? -1 : backends.findIndex((backend) => backend.process === previous);
    return backends[at >= 0 ? (at + 1) % backends.length : this.#next++ % backends.length];
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const messageId = header('twitch-eventsub-message-id');
      const type = header('twitch-eventsub-message-type');
      const retry = header('twitch-eventsub-message-retry');
      const backend = this.#pick(messageId, type);
      let done = false;
      const answer = (process: number, status: number, answered: number, headers: Record<string, string> = {}, body?: Buffer) => {
        if (done) return;
        done = true;
        this.hops.push({ messageId, type, retry, process, status, answered });
        response.writeHead(answered, headers).end(body);
      };
      if (!backend) {
        answer(-1, 0, 502);
        return;
      }
      this.#last.set(messageId, backend.process);
      const headers: IncomingHttpHeaders = { ...request.headers, host: `127.0.0.1:${backend.port}` };
      delete headers.connection;
      const forward = httpRequest({ host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers, agent: this.#agent }, (reply) => {
        const parts: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => parts.push(chunk));
        reply.on('error', () => answer(backend.process, 0, 502));
        reply.on('end', () => {
          const status = reply.statusCode ?? 0;
          if (status >= 200 && status < 300 && type === 'notification' && this.lose?.(retry) === true) {
            this.lost.set(messageId, backend.process);
            answer(backend.process, status, 502);
            return;
          }
          const contentType = reply.headers['content-type'];
          answer(backend.process, status, status, contentType === undefined ? {} : { 'Content-Type': contentType }, Buffer.concat(parts));
        });
      });
      forward.on('error', () => answer(backend.process, 0, 502));
      forward.end(Buffer.concat(chunks));
    });
  }
}

/**
 * A TCP proxy in front of Redis. `cutNextClaim()`: the next claim (`SET <prefix>dedupe:<id>`) goes
 * through to Redis, which makes it, and then the connection is cut before its answer comes back:
 * the claim is made, the claimer never learns it.
 */
async function redisProxy(port: number) {
  let armed = false;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let cutting = false;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes('dedupe:')) {
        armed = false;
        cutting = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cutting) {
        client.write(chunk);
        return;
      }
      // Redis answered: the claim is made. The answer is lost with the connection.
      cuts++;
      client.destroy();
      upstream.destroy();
    });
    for (const [one, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      one.on('error', () => undefined);
      one.on('close', () => {
        sockets.delete(one);
        other.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutNextClaim: () => void (armed = true),
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let redis: TestRedis;
let mock: MockPlatform;
let children: Child[];
let balancers: Balancer[];
let prefixes = 0;
let pings = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

beforeEach(async () => {
  mock = await createMockPlatform({
    rateLimit: { budget: 100_000 },
    // A failed message is not counted against the subscription: the tests count what arrived.
    eventsub: { webhookTimeoutMs: 10_000, webhookRetryDelaysMs: retryDelaysMs, webhookFailuresBeforeRevocation: null },
  });
  mock.addClient({ clientId, clientSecret });
  // One broadcaster per trial of a test: a trial's subscription outlives its processes.
  for (let n = 0; n < 6; n++) mock.addUser({ id: String(Number(BROADCASTER) + n), login: `relaycaster${n}` });
  children = [];
  balancers = [];
});

afterEach(async () => {
  await stopAll(children);
  await Promise.all(balancers.map((balancer) => balancer.close()));
  await mock.close();
});

async function startBalancer(): Promise<Balancer> {
  const balancer = await Balancer.start();
  balancers.push(balancer);
  return balancer;
}

/**
 * Starts process `index` behind `balancer`; the balancer sends it messages once its server listens.
 * `redisUrl`: the shared repeat check (`redisDedupe()`, a prefix per call of the test), else the
 * in-memory one. `deferOn`: it calls `on()` when sent `subscribe`, else right after listening.
 */
function startProcess(
  balancer: Balancer,
  index: number,
  options: { redisUrl?: string | undefined; prefix?: string; deferOn?: boolean; broadcaster?: string; tellToken?: boolean } = {},
): Child {
  const child = startChild(fixture, {
    clientId,
    clientSecret,
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    callback: balancer.url,
    secret: SECRET,
    broadcasters: [options.broadcaster ?? BROADCASTER],
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    deferOn: options.deferOn === true,
    tellToken: options.tellToken === true,
  });
  children.push(child);
  child.process.on('message', (message: ChildMessage) => {
    if (message.type === 'listening') balancer.add(index, message.port as number);
  });
  return child;
}

/** Resolves with the subscription ID once the process's `ready` resolved; rejects when it rejected. */
function subscribed(child: Child): Promise<string> {
  return Promise.race([
    child.next('subscribed').then((message) => String(message.id)),
    child.next('refused').then((message) => Promise.reject(new Error(`ready rejected: ${String(message.message)}`))),
  ]);
}

const alive = (child: Child) => child.process.exitCode === null && child.process.signalCode === null && child.process.connected;

/** Waits until every running process has sent every message it sent before now (IPC keeps the order). */
async function flush(processes: Child[]): Promise<void> {
  await Promise.all(
    processes.filter(alive).map(async (child) => {
      const seq = ++pings;
      child.send({ type: 'ping', seq });
      await until(() => child.messages.some((message) => message.type === 'pong' && message.seq === seq), 10_000, 'a pong');
    }),
  );
}

/** Each handler call across the processes: the message ID, the event's ID and the process. */
function handled(processes: Child[]): { messageId: string; eventId: string; process: number }[] {
  return processes.flatMap((child, process) =>
    child.messages.filter((message) => message.type === 'event').map((message) => ({ messageId: String(message.messageId), eventId: String(message.eventId), process })),
  );
}

/** The processes that handled each message ID, in order. */
function handledBy(processes: Child[]): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const { messageId, process } of handled(processes)) by.set(messageId, [...(by.get(messageId) ?? []), process]);
  return by;
}

function errorsOf(processes: Child[]): string[] {
  return processes.flatMap((child) => child.messages.filter((message) => message.type === 'error').map((message) => String(message.message)));
}

/** Raises `count` stream.online events with IDs `<tag>-<n>`; each must reach the one enabled subscription. */
async function raise(tag: string, count: number, perTick = 50, broadcaster = BROADCASTER): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const id = `${tag}-${n}`;
    ids.push(id);
    expect(mock.eventsub.trigger('stream.online', { broadcaster_user_id: broadcaster, id })).toBe(1);
    if ((n + 1) % perTick === 0) await wait(20);
  }
  return ids;
}

/** Resolves when `check` holds, polling every 20 ms; rejects after `ms` naming what was awaited. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out after ${ms} ms waiting for ${what}.`);
    await wait(20);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The subscriptions the mock lists for a callback. */
const subscriptionsOf = (callback: string) => mock.eventsub.subscriptions().filter((each) => (each.transport as { callback?: string }).callback === callback);
const createCalls = (callback: string) =>
  mock.requests.filter((request) => request.method === 'POST' && request.path === '/eventsub/subscriptions' && (request.body as { transport?: { callback?: string } }).transport?.callback === callback);
const deleteCalls = () => mock.requests.filter((request) => request.method === 'DELETE' && request.path === '/eventsub/subscriptions');

/** Per process, how many handler calls it made. */
const perProcess = (processes: Child[]) => processes.map((_, process) => handled(processes).filter((each) => each.process === process).length);

/**
 * 3 processes behind the balancer, 1 000 notifications; the answer of 300 of them is lost on the
 * way back (the process handled it and answered 204, the platform got 502), so the platform sends
 * each of those again and the balancer hands the retry to another process.
 */
async function lostAnswers(redisUrl: string | undefined) {
  const balancer = await startBalancer();
  const prefix = `lost${++prefixes}:`;
  const processes = [0, 1, 2].map((index) => startProcess(balancer, index, { redisUrl, prefix }));
  const ids = await Promise.all(processes.map(subscribed));
  expect(new Set(ids).size).toBe(1);
  expect(subscriptionsOf(balancer.url)).toMatchObject([{ id: ids[0], status: 'enabled' }]);

  let firstAttempts = 0;
  // Every third first attempt, until 300.
  balancer.lose = (retry) => retry === '0' && balancer.lost.size < 300 && firstAttempts++ % 3 === 0;
  const started = Date.now();
  const events = await raise('event', 1_000);
  await until(() => balancer.acknowledged().size === 1_000, 30_000, 'the platform to get a 2xx for each of the 1 000 notifications');
  await flush(processes);
  const ms = Date.now() - started;
  const notifications = balancer.hops.filter((hop) => hop.type === 'notification');
  const figures = {
    events: events.length,
    lost: balancer.lost.size,
    attempts: notifications.length,
    retriesSeen: notifications.filter((hop) => hop.retry !== '0').length,
    handledPerProcess: perProcess(processes),
    ms,
  };
  return { balancer, processes, events, figures };
}

describe('the webhook listener in 3 processes behind a round-robin load balancer', () => {
  it('with redisDedupe: 1 000 notifications plus 300 retries that land on another process are each handled exactly once', async () => {
    const { balancer, processes, events, figures } = await lostAnswers(redis.url);
    const by = handledBy(processes);
    const doubles = [...by.values()].filter((each) => each.length > 1).length;
    console.log('redisDedupe, 3 processes:', JSON.stringify({ ...figures, doubles }));

    expect(balancer.lost.size).toBe(300);
    // Each of the 1 000 messages (and so each event) handled exactly once across the processes.
    expect(balancer.seen().size).toBe(1_000);
    expect(by.size).toBe(1_000);
    expect(doubles).toBe(0);
    expect([...by.values()].every((each) => each.length === 1)).toBe(true);
    expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set(events));
    // The retried ones reached at least 2 processes over HTTP (the first answered 204), and were
    // handled once, by the process whose answer was lost.
    for (const [messageId, first] of balancer.lost) {
      const hops = balancer.hops.filter((hop) => hop.messageId === messageId);
      expect(new Set(hops.map((hop) => hop.process)).size).toBeGreaterThanOrEqual(2);
      expect(hops[0]).toMatchObject({ process: first, status: 204, answered: 502 });
      expect(hops.at(-1)).toMatchObject({ status: 204, answered: 204 });
      expect(by.get(messageId)).toEqual([first]);
    }
    expect(figures.retriesSeen).toBeGreaterThanOrEqual(300);
    // Every process served its share.
    for (const count of figures.handledPerProcess) expect(count).toBeGreaterThan(0);
    expect(errorsOf(processes)).toEqual([]);
    expect(deleteCalls()).toEqual([]);
  }, 60_000);

  it('the control: without a shared repeat check (in memory in each process), the retries are handled a second time', async () => {
    const { balancer, processes, figures } = await lostAnswers(undefined);
    const by = handledBy(processes);
    const doubles = [...by.entries()].filter(([, each]) => each.length > 1);
    console.log('in-memory repeat check, 3 processes:', JSON.stringify({ ...figures, doubles: doubles.length }));

    expect(balancer.lost.size).toBe(300);
    expect(by.size).toBe(1_000);
    // Each retried message was handled by the process whose answer was lost and again by the one
    // its retry reached: that is why the processes need the shared store.
    expect(doubles.length).toBeGreaterThan(0);
    for (const [messageId, first] of balancer.lost) {
      const processesOf = by.get(messageId)!;
      expect(processesOf.length).toBeGreaterThanOrEqual(2);
      expect(processesOf).toContain(first);
      expect(new Set(processesOf).size).toBe(processesOf.length);
    }
    expect(errorsOf(processes)).toEqual([]);
  }, 60_000);

  it('3 processes starting at once, 5 trials: one subscription, enabled; every ready resolves; events arrive, each handled once', async () => {
    const trials: Record<string, unknown>[] = [];
    for (let trial = 0; trial < 5; trial++) {
      const balancer = await startBalancer();
      // Trials 1, 3 and 5: each process calls on() as soon as its server listens, and the
      // challenge goes to the next process in turn. Trials 2 and 4: the three call on() at the
      // same moment, once all three listen, and the balancer hands the challenge to a process
      // that did not create the subscription (while the creator's answer is on its way to it).
      const together = trial % 2 === 1;
      const prefix = `start${++prefixes}:`;
      const broadcaster = String(Number(BROADCASTER) + trial);
      const processes = [0, 1, 2].map((index) => startProcess(balancer, index, { redisUrl: redis.url, prefix, deferOn: together, broadcaster, tellToken: true }));
      /** The process whose create call the platform answered 202. */
      const creator = () => {
        const token = createCalls(balancer.url).find((request) => request.status === 202)?.token;
        const index = processes.findIndex((child) => child.messages.some((message) => message.type === 'token' && message.token === token));
        return index < 0 ? undefined : index;
      };
      /** At the challenge, where the create call of the process it went to was: not sent, in flight, or answered (its status). */
      let targetCreate: string | undefined;
      if (together) {
        balancer.route = (type) => {
          if (type !== 'webhook_callback_verification') return undefined;
          const made = creator();
          if (made === undefined) return undefined;
          const target = (made + 1) % 3;
          const tokens = new Set(processes[target]!.messages.filter((message) => message.type === 'token').map((message) => message.token));
          const call = createCalls(balancer.url).find((request) => tokens.has(request.token));
          targetCreate = call === undefined ? 'not sent' : call.status === 0 ? 'in flight' : String(call.status);
          return target;
        };
        await Promise.all(processes.map((child) => child.next('listening')));
        for (const child of processes) child.send({ type: 'subscribe' });
      }
      const ids = await Promise.all(processes.map(subscribed));
      const listed = subscriptionsOf(balancer.url);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'enabled', type: 'stream.online', condition: { broadcaster_user_id: broadcaster } });
      expect(ids).toEqual([listed[0]!.id, listed[0]!.id, listed[0]!.id]);
      const challenges = balancer.hops.filter((hop) => hop.type === 'webhook_callback_verification');
      expect(challenges.map((hop) => hop.answered)).toEqual([200]);
      if (together) expect(challenges[0]!.process).not.toBe(creator());

      const events = await raise(`trial${trial}`, 30, 100, broadcaster);
      await until(() => balancer.acknowledged().size === 30, 15_000, 'the 30 notifications to be acknowledged');
      await flush(processes);
      const by = handledBy(processes);
      expect(by.size).toBe(30);
      expect([...by.values()].every((each) => each.length === 1)).toBe(true);
      expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set(events));
      expect(errorsOf(processes)).toEqual([]);
      trials.push({
        trial: trial + 1,
        together,
        creates: createCalls(balancer.url).map((request) => request.status),
        createdBy: creator(),
        challengeAnsweredBy: challenges[0]!.process,
        ...(together ? { itsCreateCallThen: targetCreate } : {}),
        handledPerProcess: perProcess(processes),
      });
      await stopAll(processes);
      await balancer.close();
    }
    console.log('3 processes starting at once:', JSON.stringify(trials));
    // No process ever deleted the subscription (nor one of another trial).
    expect(deleteCalls()).toEqual([]);
  }, 60_000);

  it('a process started after the subscription was verified: notifications reaching it before its on() are answered 503 and delivered elsewhere; its on() adopts the subscription (409) and its ready resolves', async () => {
    const balancer = await startBalancer();
    const prefix = `late${++prefixes}:`;
    const first = [0, 1].map((index) => startProcess(balancer, index, { redisUrl: redis.url, prefix }));
    const [id] = await Promise.all(first.map(subscribed));
    expect(subscriptionsOf(balancer.url)).toMatchObject([{ id, status: 'enabled' }]);

    // The new process joins the balancer as soon as it listens, before its on().
    const late = startProcess(balancer, 2, { redisUrl: redis.url, prefix, deferOn: true });
    const processes = [...first, late];
    await late.next('listening');
    const before = await raise('before', 30);
    await until(() => balancer.acknowledged().size === 30, 15_000, 'the 30 notifications raised before the late on() to be acknowledged');
    const unclaimed = balancer.hops.filter((hop) => hop.type === 'notification' && hop.process === 2);
    expect(unclaimed.length).toBeGreaterThan(0);
    expect(unclaimed.every((hop) => hop.status === 503)).toBe(true);

    const posts = createCalls(balancer.url).length;
    late.send({ type: 'subscribe' });
    await expect(subscribed(late)).resolves.toBe(id);
    expect(createCalls(balancer.url).slice(posts).map((request) => request.status)).toEqual([409]);
    expect(subscriptionsOf(balancer.url)).toMatchObject([{ id, status: 'enabled' }]);

    const after = await raise('after', 30);
    await until(() => balancer.acknowledged().size === 60, 15_000, 'the 30 notifications raised after the late on() to be acknowledged');
    await flush(processes);
    const by = handledBy(processes);
    expect(by.size).toBe(60);
    expect([...by.values()].every((each) => each.length === 1)).toBe(true);
    expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set([...before, ...after]));
    // The late process handled its share of what came after its on(), and nothing before it.
    expect(handled(processes).filter((each) => each.process === 2 && each.eventId.startsWith('before-'))).toEqual([]);
    expect(handled(processes).filter((each) => each.process === 2).length).toBeGreaterThan(0);
    console.log('late process:', JSON.stringify({ unclaimedBeforeOn: unclaimed.length, handledPerProcess: perProcess(processes) }));
    expect(errorsOf(processes)).toEqual([]);
    expect(deleteCalls()).toEqual([]);
  }, 60_000);

  it('a challenge that reaches a process before its on(): refused and reported there; the creator creates the subscription again and its ready resolves', async () => {
    const balancer = await startBalancer();
    const prefix = `refused${++prefixes}:`;
    // Process 1 is up behind the balancer but has not called on() yet.
    const waiting = startProcess(balancer, 1, { redisUrl: redis.url, prefix, deferOn: true });
    await waiting.next('listening');
    let challenges = 0;
    // The first challenge goes to it, the next ones in turn (it comes first in the rotation).
    balancer.route = (type) => (type === 'webhook_callback_verification' && challenges++ === 0 ? 1 : undefined);
    const creator = startProcess(balancer, 0, { redisUrl: redis.url, prefix });
    const processes = [creator, waiting];
    const id = await subscribed(creator);
    const verifications = balancer.hops.filter((hop) => hop.type === 'webhook_callback_verification');
    // Refused by process 1 (each time the subscription was created again), then answered by the creator.
    const refused = verifications.length - 1;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(verifications.map((hop) => [hop.process, hop.answered])).toEqual([...Array.from({ length: refused }, () => [1, 403]), [0, 200]]);
    expect(errorsOf([waiting])).toEqual(
      Array.from({ length: refused }, () =>
        expect.stringMatching(/^Refused the verification challenge of subscription \S+ to stream\.online \(version 1\): this listener has no subscription of that type and condition on its callback\./),
      ),
    );
    // Each failed one was deleted and created again: one subscription, enabled.
    expect(subscriptionsOf(balancer.url)).toMatchObject([{ id, status: 'enabled' }]);
    expect(createCalls(balancer.url).map((request) => request.status)).toEqual(Array.from({ length: refused + 1 }, () => 202));
    expect(deleteCalls().map((request) => request.status)).toEqual(Array.from({ length: refused }, () => 204));
    console.log('challenge before on():', JSON.stringify({ challenges: verifications.map((hop) => `process ${hop.process}: ${hop.answered}`) }));

    waiting.send({ type: 'subscribe' });
    await expect(subscribed(waiting)).resolves.toBe(id);
    const events = await raise('after', 20);
    await until(() => balancer.acknowledged().size === 20, 15_000, 'the 20 notifications to be acknowledged');
    await flush(processes);
    const by = handledBy(processes);
    expect(by.size).toBe(20);
    expect([...by.values()].every((each) => each.length === 1)).toBe(true);
    expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set(events));
    expect(errorsOf([creator])).toEqual([]);
  }, 30_000);

  it('rolling deploy: close() of one of 3 processes, then its kill, while 200 events come: none lost, each handled once by the survivors, no subscription deleted', async () => {
    const balancer = await startBalancer();
    const prefix = `deploy${++prefixes}:`;
    const processes = [0, 1, 2].map((index) => startProcess(balancer, index, { redisUrl: redis.url, prefix }));
    const [id] = await Promise.all(processes.map(subscribed));

    // Process 0 is being replaced: close(), but the balancer keeps sending it messages.
    processes[0]!.send({ type: 'close' });
    await processes[0]!.next('closed');
    const closing = await raise('closing', 100);
    await until(() => balancer.acknowledged().size === 100, 15_000, 'the 100 notifications raised after close() to be acknowledged');
    // Then it is gone (killed), still in the balancer's rotation: connections to it fail.
    processes[0]!.process.kill('SIGKILL');
    await processes[0]!.exited;
    const gone = await raise('gone', 100);
    await until(() => balancer.acknowledged().size === 200, 20_000, 'the 100 notifications raised after the kill to be acknowledged');
    await flush(processes);

    const by = handledBy(processes);
    expect(by.size).toBe(200);
    expect([...by.values()].every((each) => each.length === 1)).toBe(true);
    expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set([...closing, ...gone]));
    expect(handled(processes).filter((each) => each.process === 0)).toEqual([]);
    const toClosed = balancer.hops.filter((hop) => hop.type === 'notification' && hop.process === 0);
    // The closed process answered 503 (so the platform tried again), then could not be reached.
    expect(toClosed.filter((hop) => hop.status === 503).length).toBeGreaterThan(0);
    expect(toClosed.filter((hop) => hop.status === 0).length).toBeGreaterThan(0);
    expect(toClosed.every((hop) => hop.answered >= 500)).toBe(true);
    // The subscription lives on: nothing was deleted.
    expect(deleteCalls()).toEqual([]);
    expect(subscriptionsOf(balancer.url)).toMatchObject([{ id, status: 'enabled' }]);
    console.log(
      'rolling deploy:',
      JSON.stringify({
        toClosed503: toClosed.filter((hop) => hop.status === 503).length,
        toGoneUnreachable: toClosed.filter((hop) => hop.status === 0).length,
        handledPerProcess: perProcess(processes),
      }),
    );
    expect(errorsOf(processes)).toEqual([]);
  }, 60_000);

  it('Redis stopped for 1 s while events flow: deliveries meanwhile are answered 503 and retried; every event is handled exactly once, and onError says why', async () => {
    // A Redis of this test's own, without persistence: a claim it made just before it was killed
    // goes with it.
    const outage = await startRedis();
    try {
      const balancer = await startBalancer();
      const processes = [0, 1, 2].map((index) => startProcess(balancer, index, { redisUrl: outage.url, prefix: 'outage:' }));
      await Promise.all(processes.map(subscribed));

      // 300 events over 3 s; Redis is away from about 1 s to 2 s.
      const events: string[] = [];
      const flow = (async () => {
        for (let tick = 0; tick < 60; tick++) {
          events.push(...(await raise(`flow${tick}`, 5)));
          await wait(50);
        }
      })();
      await wait(1_000);
      const stoppedAt = Date.now();
      await outage.stop('SIGKILL');
      await wait(1_000);
      await outage.start();
      const startedAt = Date.now();
      await flow;
      await until(() => balancer.acknowledged().size === 300, 30_000, 'the 300 notifications to be acknowledged');
      await flush(processes);

      const by = handledBy(processes);
      expect(by.size).toBe(300);
      expect([...by.values()].every((each) => each.length === 1)).toBe(true);
      expect(new Set(handled(processes).map((each) => each.eventId))).toEqual(new Set(events));
      const refused = balancer.hops.filter((hop) => hop.type === 'notification' && hop.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      // Each delivery answered 503 was handled later, once.
      for (const hop of refused) expect(by.get(hop.messageId)).toHaveLength(1);
      const errors = errorsOf(processes);
      expect(errors.length).toBeGreaterThan(0);
      const address = `redis://127\\.0\\.0\\.1:${outage.port}`;
      // Redis's failures, as a claim meets them: the claim itself failed, or its confirmation was
      // lost and Redis, back without the claim, says it was not confirmed, or a retry met a claim
      // of another process still pending.
      const reasons = [
        `${address} failed while (claiming|confirming the claim of|reading the claim of) message \\S+: .+`,
        `${address}: the claim of message \\S+ (was not confirmed|lapsed before it was confirmed)\\.`,
        `${address}: another process's claim of message \\S+ is not confirmed yet\\.`,
      ];
      for (const error of errors) {
        // A claim whose confirmation's answer was lost settles only once Redis answers: past 2 s the receiver answers 503 meanwhile.
        expect(error).toMatch(
          new RegExp(`^The repeat check of webhook message \\S+ failed: (Redis at (${reasons.join('|')})|the store did not answer within 2 seconds\\.) Answered 503, so the platform delivers it again\\.$`),
        );
      }
      expect(errors.some((error) => /failed while claiming/.test(error))).toBe(true);
      console.log(
        'Redis away:',
        JSON.stringify({
          awayMs: startedAt - stoppedAt,
          answered503: refused.length,
          messagesRefused: new Set(refused.map((hop) => hop.messageId)).size,
          errors: errors.length,
          retriesSeen: balancer.hops.filter((hop) => hop.type === 'notification' && hop.retry !== '0').length,
          handledPerProcess: perProcess(processes),
        }),
      );
    } finally {
      await outage.stop();
    }
  }, 60_000);
  // redisDedupe().claim() claims in two steps (a pending claim that lapses in seconds, then its
  // confirmation): a claim whose answer was lost is never taken for a repeat by the retry, which
  // is refused while the claim is pending and handled once it lapsed. (With a one-step SET NX the
  // claim stayed for 11 minutes and the event was never handled.)
  it('a claim Redis made whose answer was lost (the connection cut right after the SET): the event is still handled once', async () => {
    const proxy = await redisProxy(redis.port);
    try {
      const balancer = await startBalancer();
      const prefix = `cut${++prefixes}:`;
      const processes = [0, 1, 2].map((index) => startProcess(balancer, index, { redisUrl: proxy.url, prefix }));
      await Promise.all(processes.map(subscribed));
      // A first event for each process connects it to Redis (through the proxy).
      await raise('warm', 3);
      await until(() => balancer.acknowledged().size === 3, 15_000, 'the 3 first notifications to be acknowledged');
      await flush(processes);
      const warm = new Set(handled(processes).map((each) => each.messageId));
      expect(warm.size).toBe(3);

      proxy.cutNextClaim();
      const [event] = await raise('cut', 1);
      await until(() => balancer.acknowledged().size === 4, 15_000, 'the platform to get a 2xx for the notification whose claim answer was lost');
      await flush(processes);
      expect(proxy.cuts()).toBe(1);
      const attempts = balancer.hops.filter((hop) => hop.type === 'notification' && !warm.has(hop.messageId));
      const messageId = attempts[0]!.messageId;
      // The first attempt was answered 503 (the claim failed, as far as its process knows); the
      // retries meet the claim pending and are answered 503 too, until it lapses (a few seconds):
      // then one of them claims it and answers 204.
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(attempts.slice(0, -1).every((hop) => hop.status === 503)).toBe(true);
      expect(attempts.at(-1)!.status).toBe(204);
      const errors = errorsOf(processes);
      const opening = `The repeat check of webhook message ${messageId} failed: Redis at `;
      const suffix = ' Answered 503, so the platform delivers it again.';
      expect(errors.every((error) => error.startsWith(opening) && error.endsWith(suffix))).toBe(true);
      // One for the claim whose answer was lost, one for each retry that met it pending.
      expect(errors.filter((error) => error.includes(`failed while claiming message ${messageId}`))).toHaveLength(1);
      expect(errors.filter((error) => error.includes(`another process's claim of message ${messageId} is not confirmed yet`))).toHaveLength(errors.length - 1);
      expect(errors).toHaveLength(attempts.length - 1);
      console.log('claim answer lost:', JSON.stringify({ attempts: attempts.map((hop) => `retry ${hop.retry} to process ${hop.process}: ${hop.status}`), handled: handled(processes).filter((each) => each.eventId === event).length }));
      // Handled 0 times with a one-step claim.
      expect(handled(processes).filter((each) => each.eventId === event)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  }, 30_000);
});
