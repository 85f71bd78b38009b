import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** The platform's error body: `{ error, status, message }` on Helix, `{ status, message }` on OAuth. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The short reason text of a status, as the platform puts it in `error`. */
export function reasonOf(status: number): string {
  return reasons[status] ?? 'Error';
}

/** A request as route handlers see it. */
export interface MockRequest {
  readonly method: string;
  /** The path without the `/helix` or `/oauth2` prefix, for example `/chat/chatters`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body (or form fields for OAuth), undefined when there is none. */
  readonly body: unknown;
  readonly raw: IncomingMessage;
}

/** What a handler returns: a status and a JSON body (none for 204), with extra headers. */
export interface MockResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Reads a request body whole. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Writes a JSON answer (or an empty one for 204). */
export function send(response: ServerResponse, answer: MockResponse): void {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.status === 204 || answer.body === undefined) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  headers['Content-Type'] ??= 'application/json';
  response.writeHead(answer.status, headers).end(text);
}

/** A route handler: returns the answer, or throws an HttpError. */
export type Handler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

/**
 * CORS, as the platform's API answers browser apps: every answer allows any origin, and Helix
 * answers expose their `Ratelimit-*` headers to the page. A preflight (`OPTIONS`) is answered 204
 * with the methods and request headers a browser may send: `Authorization`, `Client-Id` and
 * `Content-Type` on Helix; `Authorization` and `Content-Type` on the OAuth server, whose preflight
 * does not allow `Client-Id` (a browser app that sends it to `validate` is refused there too).
 */
export const cors = {
  helix: {
    answer: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'Ratelimit-Limit, Ratelimit-Remaining, Ratelimit-Reset',
    },
    preflight: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Headers': 'Authorization, Client-Id, Content-Type',
    },
  },
  oauth: {
    answer: { 'Access-Control-Allow-Origin': '*' },
    preflight: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    },
  },
} as const satisfies Record<'helix' | 'oauth', { answer: Record<string, string>; preflight: Record<string, string> }>;

/** Routes by method and exact path. */
export class Router {
  readonly #routes = new Map<string, Handler>();
  readonly #paths = new Set<string>();

  add(method: string, path: string, handler: Handler): this {
    this.#routes.set(`${method} ${path}`, handler);
    this.#paths.add(path);
    return this;
  }

  /** Whether any method is routed at `path`. */
  has(path: string): boolean {
    return this.#paths.has(path);
  }

  /** The handler for a request, or an HttpError for an unknown path (404) or method (405). */
  find(method: string, path: string): Handler {
    const handler = this.#routes.get(`${method} ${path}`);
    if (handler) return handler;
    if (this.#paths.has(path)) throw new HttpError(405, `Method ${method} is not allowed on ${path}`);
    throw new HttpError(404, `No route for ${method} ${path}`);
  }
}
