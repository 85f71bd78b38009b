/**
 * Extension JWTs: the signer (checked against an HS256 verification written here with node:crypto),
 * the handle of extensionJwtClient() (the JWT as the only credential, the extension's Client-Id and
 * bucket, one JWT per call, no renewal), the refusals, the secret kept out of every message, and
 * tree-shaking (a bundle of `createClient` alone holds no signer; the pipeline knows no extension).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callOperation,
  createClient,
  defineOperation,
  firstResult,
  PlatformApiError,
  PlatformError,
  extensionJwtClient,
  signExtensionJwt,
  voidResult,
  type ClientHandle,
  type ClientOptions,
  type ExtensionCredentials,
  type RequestOptions,
} from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

// A secret as the platform gives it: base64 of random bytes. Its bytes hold `+` and `/` in base64.
const secretBytes = Buffer.from('fb8d2f3a9c0e41b7a5d6e3f2c1b0a9988776655443322110ffeeddccbbaa99/+', 'latin1');
const secret = secretBytes.toString('base64');
const extension: ExtensionCredentials = { clientId: 'ext-client', secret, ownerId: '141981764' };
const start = 1_700_000_000_000;

/** Verifies an HS256 JWT on its own terms: header, signature over the secret's bytes, and gives the claims. */
function verify(jwt: string, key: Buffer = secretBytes): Record<string, unknown> {
  const parts = jwt.split('.');
  expect(parts).toHaveLength(3);
  const [header, payload, signature] = parts as [string, string, string];
  for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toEqual({ alg: 'HS256', typ: 'JWT' });
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  expect(given.length).toBe(expected.length);
  expect(timingSafeEqual(given, expected)).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const bearer = (request: SeenRequest) => request.headers.get('authorization')!.replace(/^Bearer /, '');

// Shaped like the extensions group: an operation that takes only a JWT, and one that adds claims.
const secrets = defineOperation<{ extension_id: string }, { format_version: number }>({
  name: 'extensions.extensionSecrets',
  method: 'GET',
  path: '/extensions/jwt/secrets',
  token: 'extension',
  scopes: [],
  params: { extension_id: { type: 'string', in: 'query', required: true } },
  result: firstResult,
});
const chat = defineOperation<{ broadcaster_id: string; text: string }, void>({
  name: 'extensions.sendExtensionChatMessage',
  method: 'POST',
  path: '/extensions/chat',
  token: 'extension',
  scopes: [],
  params: { broadcaster_id: { type: 'string', in: 'query', required: true }, text: { type: 'string', in: 'body', required: true } },
  result: voidResult,
});
/** A JWT is valid this many seconds after it is signed. */
const lifetime = 300;

const getSecrets = (client: ClientHandle, options?: RequestOptions) => callOperation(client, secrets, { extension_id: 'ext-client' }, options);

let clock: VirtualClock | undefined;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, options: Partial<ClientOptions> = {}) {
  clock = createVirtualClock({ auto: true, start });
  const stub = stubFetch(clock, handler);
  const { authenticator, calls } = testAuthenticator(() => Promise.resolve({ kind: 'app', accessToken: 'renewed-app-token', bucket: 'app' }));
  let credentialCalls = 0;
  const counted = { ...authenticator, credential: (request: Parameters<typeof authenticator.credential>[0]) => (credentialCalls++, authenticator.credential(request)) };
  const client = createClient({ clientId: 'app-client', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, retries: 0, authenticator: () => counted, ...options });
  return { client, requests: stub.requests, calls, credentialCalls: () => credentialCalls };
}

const secretsAnswer: StubReply = { body: { data: [{ format_version: 1, secrets: [] }] } };

/** Everything an error carries that a program may log: its message, its cause's, and its own fields. */
function everythingIn(error: unknown): string {
  const record = error as Record<string, unknown>;
  return [String(record.message), String((record.cause as Error | undefined)?.message), JSON.stringify({ ...record, headers: undefined })].join('\n');
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('signExtensionJwt: an HS256 JWT over the decoded secret', () => {
  it('verifies independently: header, claims, signature and a five-minute expiry', async () => {
    const jwt = await signExtensionJwt(extension, {}, start + 999);
    expect(verify(jwt)).toEqual({ exp: start / 1000 + lifetime, user_id: '141981764', role: 'external' });
  });

  it('adds the call claims (a channel, PubSub permissions)', async () => {
    const jwt = await signExtensionJwt(extension, { channel_id: 'all', pubsub_perms: { send: ['global'] } }, start);
    expect(verify(jwt)).toEqual({ exp: start / 1000 + lifetime, user_id: '141981764', role: 'external', channel_id: 'all', pubsub_perms: { send: ['global'] } });
  });

  it('never lets the call claims change exp, user_id or role, and takes no claim beyond channel_id and pubsub_perms', async () => {
    const forged = { channel_id: 'all', exp: 9_999_999_999, user_id: '666', role: 'broadcaster', is_unlinked: false, pubsub_perms: { listen: ['broadcast', 7], send: 'all' } };
    const jwt = await signExtensionJwt(extension, forged as never, start);
    expect(verify(jwt)).toEqual({ exp: start / 1000 + lifetime, user_id: '141981764', role: 'external', channel_id: 'all', pubsub_perms: { listen: ['broadcast'] } });
  });

  it('refuses a secret shorter than 32 bytes once decoded, without showing it', async () => {
    for (const bytes of [1, 25, 31]) {
      const short = Buffer.alloc(bytes, 7).toString('base64');
      const error = await rejection(signExtensionJwt({ ...extension, secret: short }));
      expect(error).toBeInstanceOf(PlatformError);
      expect(error.message).toBe(
        `The request option extension.secret is ${bytes} bytes long once decoded; an extension secret is at least 32 bytes: pass the secret as the platform gives it (the content of a secret from extensionSecrets()).`,
      );
      expect(everythingIn(error)).not.toContain(short);
    }
    expect(verify(await signExtensionJwt({ ...extension, secret: Buffer.alloc(32, 7).toString('base64') }, {}, start), Buffer.alloc(32, 7))).toMatchObject({ role: 'external' });
  });

  it('uses the decoded bytes as the key, not the base64 text', async () => {
    const jwt = await signExtensionJwt(extension, {}, start);
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).not.toBe(signature);
  });

  it('takes a base64url secret and one without padding alike', async () => {
    const plain = await signExtensionJwt(extension, {}, start);
    const url = await signExtensionJwt({ ...extension, secret: secretBytes.toString('base64url') }, {}, start);
    const unpadded = await signExtensionJwt({ ...extension, secret: secret.replace(/=+$/, '') }, {}, start);
    expect(url).toBe(plain);
    expect(unpadded).toBe(plain);
  });

  it('expires on the clock it is given: now by default', async () => {
    const before = Math.floor(Date.now() / 1000);
    const claims = verify(await signExtensionJwt(extension));
    expect(claims.exp).toBeGreaterThanOrEqual(before + lifetime);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + lifetime);
  });

  it('refuses a broken extension without showing the secret', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'The request option extension must be an object { clientId, secret, ownerId }; got undefined.'],
      [secret, 'The request option extension must be an object { clientId, secret, ownerId }; got a string.'],
      [{ clientId: 'ext-client', ownerId: '1' }, 'The request option extension.secret must be a non-empty string; got undefined.'],
      [{ clientId: 'ext-client', secret: '', ownerId: '1' }, 'The request option extension.secret must be a non-empty string; got an empty string.'],
      [{ clientId: 7, secret, ownerId: '1' }, 'The request option extension.clientId must be a non-empty string; got 7.'],
      [{ clientId: 'ext-client', secret, ownerId: '' }, 'The request option extension.ownerId must be a non-empty string; got an empty string.'],
      [{ clientId: 'ext-client', secret: 'not base64 at all: %%%', ownerId: '1' }, 'The request option extension.secret is not base64'],
    ];
    for (const [given, message] of cases) {
      const error = await rejection(signExtensionJwt(given as ExtensionCredentials));
      expect(error).toBeInstanceOf(PlatformError);
      expect(error.message).toContain(message);
      expect(everythingIn(error)).not.toContain(secret);
      expect(everythingIn(error)).not.toContain('%%%');
    }
  });

  it('says so when the runtime has no Web Crypto', async () => {
    const crypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      await expect(signExtensionJwt(extension)).rejects.toThrow('Signing an extension JWT needs Web Crypto (crypto.subtle)');
    } finally {
      Object.defineProperty(globalThis, 'crypto', crypto);
    }
  });
});

describe('extensionJwtClient: a handle of the client that signs with the extension', () => {
  it('sends the JWT as Bearer and the extension client ID as Client-Id, without asking the authenticator', async () => {
    const { client, requests, credentialCalls } = setup(() => secretsAnswer);
    await expect(getSecrets(extensionJwtClient(client, extension))).resolves.toEqual({ format_version: 1, secrets: [] });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('client-id')).toBe('ext-client');
    expect(verify(bearer(requests[0]!))).toEqual({ exp: start / 1000 + lifetime, user_id: '141981764', role: 'external' });
    expect(requests[0]!.url.search).toBe('?extension_id=ext-client');
    expect(credentialCalls()).toBe(0);
  });

  it('signs the claims it is given', async () => {
    const { client, requests } = setup(() => ({ status: 204 }));
    await callOperation(extensionJwtClient(client, extension, { channel_id: '1234' }), chat, { broadcaster_id: '1234', text: 'hi' });
    expect(verify(bearer(requests[0]!))).toMatchObject({ channel_id: '1234', role: 'external' });
  });

  it('ignores as and a client view: the JWT is the only credential', async () => {
    const { client, requests, credentialCalls } = setup(() => secretsAnswer);
    await getSecrets(extensionJwtClient(client.as('77'), extension), { as: '88' });
    expect(requests[0]!.headers.get('client-id')).toBe('ext-client');
    expect(verify(bearer(requests[0]!)).user_id).toBe('141981764');
    expect(credentialCalls()).toBe(0);
  });

  it('leaves the client as it was: its own calls keep its client ID and its authenticator', async () => {
    const { client, requests, credentialCalls } = setup(() => secretsAnswer);
    const signed = extensionJwtClient(client, extension);
    await getSecrets(signed);
    await client.request({ method: 'GET', path: '/extensions/jwt/secrets' });
    expect(requests.map((request) => request.headers.get('client-id'))).toEqual(['ext-client', 'app-client']);
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer app-token');
    expect(credentialCalls()).toBe(1);
    expect(client.clientId).toBe('app-client');
  });

  it('refuses a broken extension at once, and a secret that is not base64 before sending, never showing the secret', async () => {
    const { client, requests } = setup(() => secretsAnswer);
    for (const broken of [undefined, { ...extension, ownerId: '' }, { ...extension, clientId: undefined }, { ...extension, secret: 7 }]) {
      let error: Error | undefined;
      try {
        extensionJwtClient(client, broken as unknown as ExtensionCredentials);
      } catch (thrown) {
        error = thrown as Error;
      }
      expect(error).toBeInstanceOf(PlatformError);
      expect(error!.message).toMatch(/^The request option extension(\.ownerId|\.clientId|\.secret)? must be /);
      expect(everythingIn(error)).not.toContain(secret);
    }
    const error = await rejection(getSecrets(extensionJwtClient(client, { ...extension, secret: `${secret}!!` })));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toMatch(/^The request option extension\.secret is not base64/);
    expect(everythingIn(error)).not.toContain(secret);
    expect(requests).toHaveLength(0);
  });

  it('refuses what is not a client', () => {
    expect(() => extensionJwtClient({} as ClientHandle, extension)).toThrow('Expected a client made by createClient() or new Platform().');
  });

  it('does not renew after a 401, and the error holds no secret', async () => {
    const { client, requests, calls } = setup(() => ({ status: 401, body: { error: 'Unauthorized', status: 401, message: 'The JWT token is not valid.' } }));
    const error = await rejection(getSecrets(extensionJwtClient(client, extension)));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The JWT token is not valid. (401 on GET /extensions/jwt/secrets)');
    expect(calls.unauthorized).toBe(0);
    expect(requests).toHaveLength(1);
    expect(everythingIn(error)).not.toContain(secret);
    expect(everythingIn(error)).not.toContain(bearer(requests[0]!));
  });

  it('signs one JWT per call, on the client clock, that outlasts its waits and retries', async () => {
    // A 503, then a 429 that holds the call 20 s: every attempt goes out with the JWT signed at the start.
    const replies: StubReply[] = [{ status: 503, body: { message: 'busy' } }, { status: 429, headers: limitHeaders(30, 0, start + 20_000) }, secretsAnswer, secretsAnswer];
    const { client, requests } = setup((_, index) => replies[index]!, { retries: 2 });
    const signed = extensionJwtClient(client, extension);
    await getSecrets(signed);
    expect(requests).toHaveLength(3);
    const jwts = requests.map(bearer);
    expect(new Set(jwts).size).toBe(1);
    expect(verify(jwts[0]!).exp).toBe(Math.floor(requests[0]!.at / 1000) + lifetime);
    expect(requests[2]!.at - requests[0]!.at).toBeGreaterThanOrEqual(19_000);
    // The next call, made later with the same handle, signs its own.
    await getSecrets(signed);
    expect(bearer(requests[3]!)).not.toBe(jwts[0]);
    expect(verify(bearer(requests[3]!)).exp).toBe(Math.floor(requests[3]!.at / 1000) + lifetime);
  });

  it('outlasts the worst case of a call with the default settings: an empty bucket, then 3 slow 429s', async () => {
    // The bucket is empty for a minute when the call starts; each of the first 3 attempts takes
    // almost the whole 15 s timeout to answer 429, which holds the call a minute until the reset.
    const { client, requests } = setup(
      async (_, index) => {
        if (index === 0) return { ...secretsAnswer, headers: limitHeaders(30, 0, clock!.now() + 60_000) };
        if (index === 4) return secretsAnswer;
        await clock!.sleep(14_900);
        return { status: 429, headers: limitHeaders(30, 0, clock!.now() + 60_000) };
      },
      { retries: 3, timeout: 15_000 },
    );
    const signed = extensionJwtClient(client, extension);
    await getSecrets(signed);
    const signedAt = clock!.now();
    await getSecrets(signed);
    expect(requests).toHaveLength(5);
    const jwt = bearer(requests[1]!);
    expect(requests.slice(1).map(bearer)).toEqual([jwt, jwt, jwt, jwt]);
    const last = requests[4]!.at;
    // The last attempt leaves more than 4 min 30 s after the JWT was signed, and before it expires.
    expect(last - signedAt).toBeGreaterThan(270_000);
    expect(last).toBeLessThan((verify(jwt).exp as number) * 1000);
  });

  it('counts its rate limit in the bucket of the extension client ID, on the client buckets and events', async () => {
    const buckets: string[] = [];
    const { client, requests } = setup((_, index) => (index === 0 ? { status: 429, headers: limitHeaders(30, 0, start + 20_000) } : secretsAnswer), { retries: 1 });
    client.on('rateLimit', ({ bucket }) => buckets.push(bucket));
    await getSecrets(extensionJwtClient(client, extension));
    expect(buckets).toEqual(['extension:ext-client']);
    expect(requests).toHaveLength(2);
    // The app's own bucket is not the extension's.
    expect(client.rateLimitOf()).toBeUndefined();
  });
});

describe('the pipeline knows no extension', () => {
  it('sends a declaration of token kind extension through the client authenticator, like any', async () => {
    const { client, requests, credentialCalls } = setup(() => secretsAnswer);
    await getSecrets(client);
    expect(credentialCalls()).toBe(1);
    expect(requests[0]!.headers.get('client-id')).toBe('app-client');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer app-token');
  });
});

describe('tree-shaking: the signer is only in bundles that use it', () => {
  // esbuild, the bundler of the size-limit checks in .size-limit.json, reached through their preset.
  const fromPreset = createRequire(createRequire(import.meta.url).resolve('@size-limit/preset-small-lib'));
  const esbuild = createRequire(fromPreset.resolve('@size-limit/esbuild'))('esbuild') as {
    build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
  };
  const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

  async function bundle(names: string): Promise<string> {
    const result = await esbuild.build({
      stdin: { contents: `export { ${names} } from ${JSON.stringify(entry)};`, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      minify: true,
      conditions: ['@platform/source'],
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  }

  const signerMarks = ['HMAC', 'importKey', 'btoa', 'atob', 'is not base64'];

  it('createClient alone holds no signer, and no word of extensions: the pipeline has no such branch', async () => {
    const code = await bundle('createClient');
    for (const mark of signerMarks) expect(code, mark).not.toContain(mark);
    expect(code).not.toMatch(/extension/i);
  });

  it('createClient with callOperation and defineOperation holds none either', async () => {
    const code = await bundle('createClient, callOperation, defineOperation');
    for (const mark of signerMarks) expect(code, mark).not.toContain(mark);
    expect(code).not.toMatch(/extension/i);
  });

  it('a bundle that imports extensionJwtClient holds it (the check can fail)', async () => {
    const code = await bundle('createClient, extensionJwtClient');
    for (const mark of signerMarks) expect(code, mark).toContain(mark);
  });
});
