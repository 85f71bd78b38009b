/** What the two fake subscription APIs of the EventSub benches (WebSocket server, webhook generator) share. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Rate-limit headers like the platform's: twurple holds its next call when they are missing. */
function rateLimit(): Record<string, number> {
  return { 'Ratelimit-Limit': 800, 'Ratelimit-Remaining': 799, 'Ratelimit-Reset': Math.floor(Date.now() / 1000) + 60 };
}

/** Answers with `status` and a JSON body (or none), with the rate-limit headers. */
export function answer(response: ServerResponse, status: number, body?: string): void {
  if (body === undefined) {
    response.writeHead(status, rateLimit());
    response.end();
    return;
  }
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...rateLimit() });
  response.end(body);
}

/** Answers with the platform's error body. */
export function error(response: ServerResponse, status: number, message: string): void {
  answer(response, status, JSON.stringify({ error: status === 404 ? 'Not Found' : 'Bad Request', status, message }));
}

/** The whole body of a request (or response) as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
