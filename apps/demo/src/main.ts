import { createClient, defineOperation, paginateOperation, PlatformApiError } from '@platform/core';
import { startLocalPlatform } from './local-platform.ts';

// A tour of the request pipeline against a local stand-in of the platform. It exits by itself.
interface Chatter { user_id: string; user_login: string; user_name: string }
// The chat operations package declares this one for real; the tour declares it inline.
const chatters = defineOperation<{ broadcaster_id: string; moderator_id?: string; first?: number; after?: string }, Chatter>({
  name: 'chat.chatters',
  method: 'GET',
  path: '/chat/chatters',
  token: 'either',
  scopes: ['moderator:read:chatters'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    first: { type: 'number', in: 'query', min: 1, max: 1000, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: 'page',
});

const started = Date.now();
const say = (step: string, text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(4)}s] ${step} ${text}`);

const platform = await startLocalPlatform({ budget: 5, windowMs: 2000 });
const client = createClient({ clientId: 'demo', token: 'demo-token', baseUrl: platform.baseUrl });
client.on('rateLimit', ({ bucket, wait }) => say('      ', `bucket ${bucket} is empty: waiting ${wait} ms for its reset`));

try {
  say('[1/4]', 'global emotes (the platform answers 503 first; a GET is retried)');
  const emotes = await client.request<{ data: { name: string }[] }>({ method: 'GET', path: '/chat/emotes/global' });
  say('     ', `got ${emotes?.data.map((emote) => emote.name).join(', ')} after ${platform.requests.length} requests`);

  say('[2/4]', 'page through every chatter, 1000 a page');
  let seen = 0;
  for await (const page of paginateOperation(client, chatters, { broadcaster_id: '1', moderator_id: '1', first: 1000 }).pages()) {
    seen += page.data.length;
    say('     ', `${'#'.repeat(Math.round((seen / 2345) * 20)).padEnd(20, '.')} ${seen}/2345`);
  }

  say('[3/4]', 'a bad parameter is refused before anything is sent');
  try {
    paginateOperation(client, chatters, { broadcaster_id: '1', moderator_id: '1', first: 5000 });
  } catch (error) {
    say('     ', `refused: ${(error as Error).message}`);
  }

  say('[4/4]', 'ten quick calls on a budget of 5 per 2 s: the bucket runs dry and the calls wait');
  await Promise.all(Array.from({ length: 10 }, () => client.request({ method: 'GET', path: '/chat/chatters', query: { broadcaster_id: '1', moderator_id: '1', first: 1 } })));
  say('     ', 'all ten answered, never more than the budget in one window, no call refused');

  try {
    await client.request({ method: 'GET', path: '/nowhere' });
  } catch (error) {
    if (error instanceof PlatformApiError) say('     ', `and a wrong path gives: ${error.message}`);
  }
  say('done ', `${platform.requests.length} requests in all`);
} finally {
  await platform.close();
}
