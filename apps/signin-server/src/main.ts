import { randomBytes } from 'node:crypto';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { createSigninServer, type SigninServer } from './server.ts';

// Starts the sign-in server. With PLATFORM_CLIENT_ID set it talks to the platform named by the
// environment; without it, it starts the fake platform on this machine, registers an application
// and a user who consents, and signs that user in. It runs until stopped (Ctrl+C).

const env = process.env;
const port = env.PORT === undefined || env.PORT === '' ? 0 : Number(env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number; got ${JSON.stringify(env.PORT)}.`);
  process.exit(1);
}
const scopes = (env.PLATFORM_SCOPES ?? 'user:read:chat').split(/[\s,]+/).filter(Boolean);

let mock: MockPlatform | undefined;
let server: SigninServer;

if (env.PLATFORM_CLIENT_ID) {
  if (!env.PLATFORM_CLIENT_SECRET) {
    console.error('PLATFORM_CLIENT_SECRET is required with PLATFORM_CLIENT_ID: the code exchange needs the client secret.');
    process.exit(1);
  }
  server = await createSigninServer({
    clientId: env.PLATFORM_CLIENT_ID,
    clientSecret: env.PLATFORM_CLIENT_SECRET,
    baseUrl: env.PLATFORM_BASE_URL || undefined,
    authUrl: env.PLATFORM_AUTH_URL || undefined,
    scopes,
    port,
  });
  console.log(`Sign-in server on ${server.url}`);
  console.log(`Register this redirect address for the application, exactly: ${server.redirectUri}`);
} else {
  mock = await createMockPlatform();
  const clientId = 'signin-server-demo';
  const clientSecret = randomBytes(24).toString('base64url');
  server = await createSigninServer({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, scopes, port });
  // The redirect address is only known once the server listens: register it now.
  mock.addClient({ clientId, clientSecret, redirectUris: [server.redirectUri] });
  const viewer = mock.addUser({ login: 'demo_viewer', display_name: 'Demo Viewer' });
  mock.oauth.consentUser = viewer.id;
  console.log('PLATFORM_CLIENT_ID is not set: using a fake platform on this machine.');
  console.log(`  fake platform: ${mock.authUrl} (its consent page signs everyone in as ${viewer.login})`);
  console.log(`Sign-in server on ${server.url}  (open it in a browser; Ctrl+C stops)`);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await mock?.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
