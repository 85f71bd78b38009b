import { defaultMockClientId } from '../mock-platform';
import { CliError, httpUrl, output, parse, text } from './args';
import { help } from './help';
import { callControl, controlIndex } from './remote';
import { allScopes } from './scopes';
import { defaultLogin } from './serve';

interface IssuedToken {
  accessToken: string;
  clientId: string;
  userId?: string;
  scopes: string[];
  expiresAt?: number;
  refreshToken?: string;
}

/** `platform-mock token [--user LOGIN] [--scopes a,b] [--app] [--to URL]` */
export async function token(args: readonly string[]): Promise<number> {
  const parsed = parse('token', args, { user: { type: 'string', short: 'u' }, scopes: { type: 'string', short: 's' }, app: { type: 'boolean' }, to: { type: 'string' }, 'client-id': { type: 'string' } }, 0);
  if (parsed.values.help) return help('token');
  const base = httpUrl('token', 'to', text(parsed, 'to') ?? 'http://127.0.0.1:8080');
  const app = parsed.values.app === true;
  const login = text(parsed, 'user');
  if (app && login !== undefined) throw new CliError('token: --app and --user do not go together (an app token has no user)', 2);
  const scopesText = text(parsed, 'scopes') ?? '';
  const scopes = scopesText === 'all' ? allScopes() : scopesText.split(/[\s,]+/).filter(Boolean);
  const clientId = text(parsed, 'client-id') ?? defaultMockClientId;

  const index = await controlIndex('token', base);
  // The mock's default client is registered on its first use: clients.options does that.
  if (clientId === defaultMockClientId && index.has('clients.options')) await callControl('token', base, 'clients.options', {});
  let user: { id: string; login: string } | undefined;
  if (!app) {
    const users = (await callControl('token', base, index.find('users.list').name, {})) as { id: string; login: string }[];
    const wanted = (login ?? '').toLowerCase();
    user = login === undefined ? users[0] : users.find((each) => each.login === wanted);
    if (!user) user = (await callControl('token', base, index.find('users.add').name, { login: login ?? defaultLogin })) as { id: string; login: string };
  }
  const issued = (await callControl('token', base, index.find('tokens.issue').name, { clientId, ...(user ? { userId: user.id } : {}), scopes })) as IssuedToken;
  const expiresAt = typeof issued.expiresAt === 'number' ? new Date(issued.expiresAt).toISOString() : null;
  output(
    parsed.values.json === true,
    { accessToken: issued.accessToken, refreshToken: issued.refreshToken ?? null, clientId: issued.clientId, userId: user?.id ?? null, login: user?.login ?? null, scopes: issued.scopes, expiresAt },
    () => [issued.accessToken],
  );
  if (parsed.values.json !== true) {
    process.stderr.write(`platform-mock: ${user ? `user token of ${user.login} (ID ${user.id})` : 'app token'} for client ${issued.clientId}, scopes: ${issued.scopes.join(' ') || 'none'}${expiresAt ? `, expires ${expiresAt}` : ''}\n`);
  }
  return 0;
}
