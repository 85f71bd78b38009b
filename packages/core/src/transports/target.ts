/** Where requests to one origin go, parsed once. */
export interface Origin {
  /** The origin as written at the start of request URLs (`https://api.twitch.tv`). */
  readonly text: string;
  /** The origin as the URL parser writes it (lowercase scheme and host, no default port). */
  readonly origin: string;
  /** The host name or address (an IPv6 one without its brackets). */
  readonly host: string;
  /** The port, the protocol's own when the URL names none. */
  readonly port: number;
  readonly https: boolean;
}

/** A request's origin and its path with the query: what Node's transports send. */
export interface RequestTarget {
  readonly origin: Origin;
  /** The path and query as the URL parser writes them (encoded, without a fragment). */
  readonly path: string;
}

/** Origins parsed so far (a client uses one or two: the API and the OAuth server). */
const origins = new Map<string, Origin>();
let lastOrigin: Origin | undefined;

/**
 * A path and query that `new URL()` gives back unchanged: no dot segment (no segment starts with
 * `.` or `%2e`), no character it would percent-encode, a query that is not empty, no fragment.
 */
const plainPath = /^(?:\/(?!\.|%2e)[\w\-.~!$&()*+,;=:@%]*)+(?:\?[\w\-.~!$&()*+,;=:@%/?]+)?$/i;

/**
 * The origin and the path of `url`, without parsing it again for every request: the origin is
 * parsed once, and the rest, when `new URL()` would leave it as it is, is the path. Anything else
 * (characters to encode, dot segments, a fragment) is parsed with `new URL()`.
 */
export function requestTarget(url: string): RequestTarget {
  // The origin of the previous request, most often this one's too: no string cut out and hashed.
  const last = lastOrigin;
  if (last && url.startsWith(last.text) && url.charCodeAt(last.text.length) === 47 /* / */) {
    const path = url.slice(last.text.length);
    if (plainPath.test(path)) return { origin: last, path };
  }
  const parsed = new URL(url);
  // The text before the path, as the URL writes it (credentials, if any, stay out of the origin).
  const text = url.slice(0, url.indexOf('/', url.indexOf('//') + 2) >>> 0);
  let origin = origins.get(text);
  if (!origin) {
    origin = {
      text,
      origin: parsed.origin,
      host: parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname,
      port: parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port),
      https: parsed.protocol === 'https:',
    };
    // A program that talks to many origins keeps a bounded list.
    if (origins.size >= 16) origins.clear();
    origins.set(text, origin);
  }
  lastOrigin = origin;
  return { origin, path: `${parsed.pathname}${parsed.search}` };
}
