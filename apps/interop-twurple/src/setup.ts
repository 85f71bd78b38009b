import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { ApiClient } from '@twurple/api';
import { RefreshingAuthProvider } from '@twurple/auth';
import { redirectToMock, type Redirect } from './redirect';

/**
 * The scopes the users' tokens carry: those of the calls the tests make (twurple asks its auth
 * provider for them and refuses a call whose token lacks one, before sending anything).
 */
export const userScopes = [
  'bits:read', 'channel:edit:commercial', 'channel:manage:ads', 'channel:manage:broadcast', 'channel:manage:clips', 'channel:manage:extensions',
  'channel:manage:moderators', 'channel:manage:polls', 'channel:manage:predictions', 'channel:manage:raids', 'channel:manage:redemptions',
  'channel:manage:schedule', 'channel:manage:videos', 'channel:manage:vips', 'channel:read:ads', 'channel:read:charity',
  'channel:read:editors', 'channel:read:goals', 'channel:read:hype_train', 'channel:read:polls', 'channel:read:predictions',
  'channel:read:redemptions', 'channel:read:stream_key', 'channel:read:subscriptions', 'channel:read:vips', 'clips:edit', 'editor:manage:clips',
  'moderation:read', 'moderator:manage:announcements', 'moderator:manage:automod', 'moderator:manage:automod_settings',
  'moderator:manage:banned_users', 'moderator:manage:blocked_terms', 'moderator:manage:chat_messages', 'moderator:manage:chat_settings',
  'moderator:manage:shield_mode', 'moderator:manage:shoutouts', 'moderator:manage:unban_requests', 'moderator:manage:warnings',
  'moderator:read:moderators', 'moderator:read:suspicious_users', 'moderator:read:vips', 'channel:moderate', 'moderator:read:automod_settings', 'moderator:read:blocked_terms', 'moderator:read:chat_settings', 'moderator:read:chatters', 'moderator:read:followers', 'user:edit', 'user:manage:blocked_users', 'user:manage:chat_color',
  'user:manage:whispers', 'user:read:blocked_users', 'user:read:broadcast', 'user:read:chat', 'user:read:email', 'user:read:emotes',
  'user:bot', 'channel:bot', 'user:read:follows', 'user:read:moderated_channels', 'user:read:subscriptions', 'user:write:chat',
];

/** A started mock with a partner streamer, a moderator and a viewer, and twurple pointed at it. */
export interface Interop {
  mock: MockPlatform;
  /** twurple's client, with the three users' tokens and the app's credentials. */
  api: ApiClient;
  authProvider: RefreshingAuthProvider;
  redirect: Redirect;
  streamer: MockUser;
  moderator: MockUser;
  viewer: MockUser;
  /** Restores `fetch` and stops the mock. */
  close(): Promise<void>;
}

/** Starts the mock on 127.0.0.1, adds the users and their tokens, and gives twurple the lot. */
export async function startInterop(): Promise<Interop> {
  const mock = await createMockPlatform();
  const redirect = redirectToMock(mock);
  const { clientId, clientSecret } = mock.clientOptions();
  const streamer = mock.addUser({ login: 'streamer', broadcaster_type: 'partner' });
  const moderator = mock.addUser({ login: 'moderator' });
  const viewer = mock.addUser({ login: 'viewer' });
  const authProvider = new RefreshingAuthProvider({ clientId, clientSecret });
  for (const user of [streamer, moderator, viewer]) {
    const token = mock.issueToken({ clientId, userId: user.id, scopes: userScopes, expiresIn: null });
    authProvider.addUser(user.id, {
      accessToken: token.accessToken,
      refreshToken: token.refreshToken ?? null,
      scope: userScopes,
      expiresIn: null,
      obtainmentTimestamp: Date.now(),
    });
  }
  const api = new ApiClient({ authProvider, logger: { minLevel: 'critical' } });
  return {
    mock,
    api,
    authProvider,
    redirect,
    streamer,
    moderator,
    viewer,
    close: async () => {
      redirect.restore();
      await mock.close();
    },
  };
}
