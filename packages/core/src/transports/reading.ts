import { gunzip } from 'node:zlib';
import type { AnswerHeaders } from '../transport';

/** Response headers as Node's clients give them: lowercase names, a list for a repeated header. */
export type HeaderObject = Record<string, string | string[] | undefined>;

/** Response headers of Node's transports, read as `Headers` reads them, made into `Headers` only on request. */
export class NodeAnswerHeaders implements AnswerHeaders {
  readonly #raw: HeaderObject;

  constructor(raw: HeaderObject) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    // Node's names are lowercase, as the pipeline asks for them: lowercased only when not found.
    const value = this.#raw[name] ?? this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.#raw)) {
      if (typeof value === 'string') headers.append(name, value);
      else if (value) for (const item of value) headers.append(name, item);
    }
    return headers;
  }
}

/**
 * The bytes of a body as they arrive, kept as they are and decoded once at the end: one UTF-8 pass
 * over the whole body instead of a decoder per answer and a string built chunk by chunk.
 */
export class BodyBytes {
  #first: Buffer | undefined;
  #rest: Buffer[] | undefined;

  add(chunk: Buffer): void {
    if (this.#first === undefined) this.#first = chunk;
    else (this.#rest ??= [this.#first]).push(chunk);
  }

  /**
   * The body as text, gunzipped first when `encoding` (the answer's `Content-Encoding`) says
   * gzip: the transports ask for gzip (`Accept-Encoding: gzip`), as fetch does. The whole body is
   * unzipped at once, off the main thread; a gzip stream cut short is an error.
   */
  text(encoding: string | string[] | undefined, done: (text: string) => void, failed: (error: Error) => void): void {
    const bytes = this.#rest ? Buffer.concat(this.#rest) : this.#first;
    if (!bytes) return done('');
    if (encoding !== 'gzip' && encoding !== 'x-gzip') return done(bytes.toString());
    gunzip(bytes, (error, unzipped) => (error ? failed(error) : done(unzipped.toString())));
  }
}

/** Whether the exchange's headers name an encoding of their own (`Accept-Encoding`, in any case). */
function namesEncoding(name: string): boolean {
  return name.length === 15 && name.toLowerCase() === 'accept-encoding';
}

/** The exchange's headers with `Accept-Encoding: gzip` added unless they name an encoding of their own. */
export function withGzip(headers: Record<string, string>): Record<string, string> {
  for (const name in headers) if (namesEncoding(name)) return headers;
  return { ...headers, 'accept-encoding': 'gzip' };
}

/**
 * `withGzip()` as a flat list of names and values, the form undici takes without listing an
 * object's keys: no object is copied per request.
 */
export function gzipHeaderList(headers: Record<string, string>): string[] {
  const list: string[] = [];
  let encoding = true;
  for (const name in headers) {
    list.push(name, headers[name]!);
    if (namesEncoding(name)) encoding = false;
  }
  if (encoding) list.push('accept-encoding', 'gzip');
  return list;
}
