/*
 * An independent cross-check of `pnpm bench`'s small-call figures, sharing none of its code (no
 * harness, no client wrappers, no fixture): every client runs in a process of its own, started
 * afresh for each block, against a node:http server in another process. A block is a warm-up, then
 * sequential GETs, then bursts of 50 at once; the figure is the client process's own CPU time
 * (`process.cpuUsage()`, user + system) per call. Blocks of the three clients are interleaved, the
 * order rotating each round, and the library's ratio to the cheapest raw client is taken in each
 * round; the median of the rounds is printed. The library is imported as a user does, from the
 * built packages (`pnpm --filter @platform/api-chat... build` first).
 *
 *   node --import tsx src/independent.ts [--rounds=7] [--calls=3000]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, Agent as HttpAgent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

type ClientName = 'undici.request' | 'node:http' | 'platform';
const clients: readonly ClientName[] = ['undici.request', 'node:http', 'platform'];

interface BlockResult {
  client: ClientName;
  /** CPU µs per call, sequential. */
  sequential: number;
  /** CPU µs per call, in bursts of 50. */
  bursts: number;
}

const argument = (name: string, fallback: number) => Number(process.argv.find((each) => each.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const self = fileURLToPath(import.meta.url);

// The body of Get Global Emotes, about 1 KB, as the platform sends it.
const body = JSON.stringify({
  data: Array.from({ length: 6 }, (_, index) => ({
    id: String(index + 1),
    name: `Emote${index}`,
    images: { url_1x: `https://static.example/emoticons/v2/${index}/static/light/1.0`, url_2x: 'x', url_4x: 'y' },
    format: ['static'],
    scale: ['1.0', '2.0', '3.0'],
    theme_mode: ['light', 'dark'],
  })),
  template: 'https://static.example/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}',
});

async function serve(): Promise<void> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '799', 'Ratelimit-Reset': String(Math.ceil(Date.now() / 1000) + 60) });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
}

async function work(client: ClientName, port: number, calls: number): Promise<void> {
  const url = `http://127.0.0.1:${port}/helix/chat/emotes/global`;
  const headers = { 'Client-Id': 'bench', Authorization: 'Bearer bench-token-0123456789' };
  let call: () => Promise<unknown>;
  if (client === 'undici.request') {
    const { Agent, request } = await import('undici');
    const dispatcher = new Agent({ keepAliveTimeout: 60_000, connections: 64 });
    call = async () => {
      const answer = await request(url, { headers, dispatcher });
      return answer.body.json();
    };
  } else if (client === 'node:http') {
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
    call = () =>
      new Promise((resolve, reject) => {
        httpRequest(url, { headers, agent }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(JSON.parse(text)));
          response.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
  } else {
    const { createClient } = await import('@platform/core');
    const { globalEmotes } = await import('@platform/api-chat');
    const platform = createClient({ clientId: 'bench', token: 'bench-token-0123456789', baseUrl: `http://127.0.0.1:${port}/helix` });
    call = () => globalEmotes(platform);
  }
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  for (let index = 0; index < 500; index++) await call();
  let start = cpu();
  for (let index = 0; index < calls; index++) await call();
  const sequential = (cpu() - start) / calls;
  const burst = 50;
  const rounds = Math.max(1, Math.round(calls / burst));
  start = cpu();
  for (let index = 0; index < rounds; index++) await Promise.all(Array.from({ length: burst }, call));
  const bursts = (cpu() - start) / (rounds * burst);
  process.send!({ client, sequential, bursts } satisfies BlockResult);
}

function child(args: string[]): ChildProcess {
  return fork(self, args, { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function firstMessage<T>(process: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    process.once('message', (message) => resolve(message as T));
    process.once('exit', (code) => reject(new Error(`a bench process exited with ${code} before answering`)));
  });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const rounds = argument('rounds', 7);
  const calls = argument('calls', 3000);
  const server = child(['--serve']);
  const { port } = await firstMessage<{ port: number }>(server);
  const ratios = { sequential: [] as number[], bursts: [] as number[] };
  const figures = new Map<ClientName, BlockResult[]>(clients.map((client) => [client, []]));
  for (let round = 0; round < rounds; round++) {
    const order = clients.map((_, index) => clients[(index + round) % clients.length]!);
    const results = new Map<ClientName, BlockResult>();
    for (const client of order) {
      const worker = child(['--work', client, String(port), String(calls)]);
      const result = await firstMessage<BlockResult>(worker);
      worker.kill();
      results.set(client, result);
      figures.get(client)!.push(result);
    }
    const platform = results.get('platform')!;
    for (const kind of ['sequential', 'bursts'] as const) {
      const floor = Math.min(results.get('undici.request')![kind], results.get('node:http')![kind]);
      ratios[kind].push(platform[kind] / floor);
    }
    console.log(`round ${round + 1}: ${order.map((client) => `${client} ${results.get(client)!.sequential.toFixed(1)}/${results.get(client)!.bursts.toFixed(1)} µs`).join(', ')}`);
  }
  server.kill();
  console.log(`\nCPU µs per call (median of ${rounds} rounds, ${calls} calls a block; sequential / bursts of 50):`);
  for (const client of clients) {
    const blocks = figures.get(client)!;
    console.log(`  ${client.padEnd(15)} ${median(blocks.map((each) => each.sequential)).toFixed(1).padStart(7)} / ${median(blocks.map((each) => each.bursts)).toFixed(1)}`);
  }
  console.log(`platform / cheapest raw client, median of each round's ratio: sequential ${median(ratios.sequential).toFixed(2)}x, bursts ${median(ratios.bursts).toFixed(2)}x`);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--work')) {
  const [client, port, calls] = process.argv.slice(process.argv.indexOf('--work') + 1);
  await work(client as ClientName, Number(port), Number(calls));
} else await main();
