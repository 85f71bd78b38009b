import { createMockPlatform, type MockPlatform } from '../mock-platform';
import type { MockToken, MockUser } from '../state';
import { CliError, output, parse, port as checkPort, text } from './args';
import { help } from './help';
import { allScopes } from './scopes';
import { applySeed, readSeed } from './seed';
import { restoreState, snapshot, writeState } from './state-file';

/** How often the state is compared with the file's and written when it changed. */
const saveEveryMs = 500;

/** The login of the user `serve` adds when the state has none. */
export const defaultLogin = 'streamer';

/** `platform-mock serve [--port 8080] [--host 127.0.0.1] [--state FILE] [--seed FILE]` */
export async function serve(args: readonly string[]): Promise<number> {
  const parsed = parse('serve', args, { port: { type: 'string', short: 'p' }, host: { type: 'string' }, state: { type: 'string' }, seed: { type: 'string' } }, 0);
  if (parsed.values.help) return help('serve');
  const port = checkPort('serve', text(parsed, 'port') ?? '8080');
  const host = text(parsed, 'host') ?? '127.0.0.1';
  // The mock listens on 127.0.0.1 and writes that address into what it sends (the EventSub
  // WebSocket's reconnect_url...): another interface would give clients addresses they cannot reach.
  if (host !== '127.0.0.1' && host !== 'localhost') throw new CliError(`serve: --host ${host} is not supported: the mock listens on 127.0.0.1 only (use 127.0.0.1 or localhost, and a tunnel or proxy for other machines)`);
  const statePath = text(parsed, 'state');
  const seedPath = text(parsed, 'seed');
  // The seed is read and checked before anything listens: a bad seed is one line and exit 1.
  const seed = seedPath === undefined ? undefined : readSeed(seedPath);

  let mock: MockPlatform;
  try {
    mock = await createMockPlatform({ port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`serve: port ${port} is in use (pick another with --port, or --port 0 for a free one)`);
    if (code === 'EACCES') throw new CliError(`serve: port ${port} needs privileges this user does not have (pick one above 1023)`);
    throw error;
  }

  // A person signs in with a browser here: the consent page lists the users to click (the device
  // flow's activation page too), where an in-process test sets mock.oauth.consentUser instead.
  mock.oauth.signInPage = true;

  let restored = false;
  try {
    if (statePath !== undefined) restored = restoreState(statePath, mock);
    // The seed makes the first state; a kept state is not seeded again (its users would double).
    if (seed && !restored) applySeed(mock, seed);
  } catch (error) {
    await mock.close();
    throw error;
  }

  const ready = readyMade(mock);
  const origin = new URL(mock.baseUrl).origin;
  const info = {
    url: origin,
    apiUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    eventSubWsUrl: mock.eventSubWsUrl,
    controlsUrl: `${origin}/mock/`,
    port: mock.port,
    clientId: ready.clientId,
    clientSecret: ready.clientSecret,
    appToken: ready.appToken.accessToken,
    user: { id: ready.user.id, login: ready.user.login },
    userToken: ready.userToken.accessToken,
    userTokenScopes: ready.userToken.scopes,
    ...(statePath === undefined ? {} : { stateFile: statePath, stateRestored: restored }),
  };
  output(parsed.values.json === true, info, () => [
    `platform-mock: the platform on ${origin}`,
    `  API (Helix)     ${mock.baseUrl}`,
    `  OAuth           ${mock.authUrl}   (a browser signs in at ${mock.authUrl}/authorize by clicking a user)`,
    `  EventSub WS     ${mock.eventSubWsUrl}`,
    `  Controls        ${origin}/mock/   (GET it for the list)`,
    '',
    `  Client ID       ${ready.clientId}`,
    `  Client secret   ${ready.clientSecret}`,
    `  App token       ${ready.appToken.accessToken}`,
    `  User token      ${ready.userToken.accessToken}   (${ready.user.login}, user ID ${ready.user.id}, every scope; does not expire)`,
    '',
    ...(statePath === undefined ? [] : [`  State           ${statePath} (${restored ? 'restored' : seed ? 'new, from the seed' : 'new'}; written on every change and at stop)`]),
    `Stop with Ctrl-C.`,
  ]);

  let saved = '';
  const save = () => {
    if (statePath === undefined) return;
    const now = snapshot(mock);
    if (now === saved) return;
    writeState(statePath, now);
    saved = now;
  };
  save();
  const timer = statePath === undefined ? undefined : setInterval(() => {
    try {
      save();
    } catch (error) {
      process.stderr.write(`platform-mock: serve: cannot write the state file ${statePath}: ${(error as Error).message}\n`);
    }
  }, saveEveryMs);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      void (async () => {
        let code = 0;
        try {
          await mock.close();
          save();
        } catch (error) {
          process.stderr.write(`platform-mock: serve: stopping failed: ${(error as Error).message}\n`);
          code = 1;
        }
        if (parsed.values.json !== true) process.stdout.write(`platform-mock: stopped (${signal})\n`);
        resolve(code);
      })();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/**
 * The client and tokens printed at start: the state's first client (the mock's default one,
 * `mock-client`, when there is none), an app token of it and a user token of the state's first
 * user (`streamer`, added when there is none) with every scope. Tokens that do not expire are
 * reused from a kept state, so a restart prints the same ones.
 */
function readyMade(mock: MockPlatform): { clientId: string; clientSecret: string; appToken: MockToken; user: MockUser; userToken: MockToken } {
  const first = mock.state.clients.values().next().value;
  const { clientId, clientSecret } = mock.clientOptions(first);
  const user = mock.state.users.values().next().value ?? mock.addUser({ login: defaultLogin });
  const scopes = allScopes();
  const lasting = (token: MockToken, userId: string | undefined) => token.clientId === clientId && token.userId === userId && token.expiresAt === undefined && mock.state.liveToken(token.accessToken) !== undefined;
  const tokens = [...mock.state.tokens.values()];
  const appToken = tokens.find((token) => lasting(token, undefined)) ?? mock.issueToken({ clientId, expiresIn: null });
  const userToken =
    tokens.find((token) => lasting(token, user.id) && scopes.every((scope) => token.scopes.includes(scope))) ?? mock.issueToken({ clientId, userId: user.id, scopes, expiresIn: null });
  return { clientId, clientSecret, appToken, user, userToken };
}
