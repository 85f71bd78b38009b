import { PlatformError, type ClientHandle } from '@platform/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeExtensions,
  authorizationByUser,
  blockList,
  blockUser,
  channelFollowers,
  channelInformation,
  channelTeams,
  followedChannels,
  games,
  searchCategories,
  searchChannels,
  sendWhisper,
  teams,
  topGames,
  unblockUser,
  updateChannel,
  updateUser,
  updateUserExtensions,
  users,
  type UpdateChannelParams,
} from '../src/index';
import { stubClient, type SeenRequest } from './stub';

const long = (length: number) => 'x'.repeat(length);

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('limits and required parameters: refused before anything is sent', () => {
  let client: ClientHandle;
  let requests: SeenRequest[];
  beforeEach(() => {
    // updateUser answers with the user; the other changes with 204.
    ({ client, requests } = stubClient((request) => (request.url.pathname === '/helix/users' ? { body: { data: [{ id: '1' }] } } : { status: 204 })));
  });

  const cases: [string, (client: ClientHandle) => unknown, string][] = [
    // Page sizes.
    ...(
      [
        ['users.blockList', (c: ClientHandle, first: number) => blockList(c, { first })],
        ['channels.followedChannels', (c: ClientHandle, first: number) => followedChannels(c, { first })],
        ['channels.channelFollowers', (c: ClientHandle, first: number) => channelFollowers(c, { broadcaster_id: '1', first })],
        ['search.searchCategories', (c: ClientHandle, first: number) => searchCategories(c, { query: 'fort', first })],
        ['search.searchChannels', (c: ClientHandle, first: number) => searchChannels(c, { query: 'fort', first })],
        ['games.topGames', (c: ClientHandle, first: number) => topGames(c, { first })],
      ] as const
    ).flatMap(([name, run]): [string, (client: ClientHandle) => unknown, string][] => [
      [`${name} first 0`, (c) => run(c, 0), `The parameter first of ${name} must be from 1 to 100; got 0.`],
      [`${name} first 101`, (c) => run(c, 101), `The parameter first of ${name} must be from 1 to 100; got 101.`],
      [`${name} first 2.5`, (c) => run(c, 2.5), `The parameter first of ${name} must be a whole number; got 2.5.`],
    ]),
    // users
    ['updateUser description 301', (c) => updateUser(c, { description: long(301) }), `The parameter description of users.updateUser must hold at most 300 characters; got "${long(40)}…" (301 characters).`],
    ['users with an empty login', (c) => users(c, { login: ['alice', ''] }), 'The parameter login of users.users must be an ID or a list of IDs (non-empty strings); got an array.'],
    ['users with an empty id list', (c) => users(c, { id: [] }), 'The parameter id of users.users must hold at least one ID; got an array.'],
    ['blockUser without target_user_id', (c) => blockUser(c, {} as never), 'users.blockUser needs the parameter target_user_id.'],
    ['blockUser with an empty target_user_id', (c) => blockUser(c, { target_user_id: '' }), 'The parameter target_user_id of users.blockUser must not be empty; got "".'],
    [
      'blockUser source_context',
      (c) => blockUser(c, { target_user_id: '5', source_context: 'email' as never }),
      'The parameter source_context of users.blockUser must be one of "chat", "whisper"; got "email".',
    ],
    [
      'blockUser reason',
      (c) => blockUser(c, { target_user_id: '5', reason: 'rude' as never }),
      'The parameter reason of users.blockUser must be one of "harassment", "spam", "other"; got "rude".',
    ],
    ['unblockUser without target_user_id', (c) => unblockUser(c, {} as never), 'users.unblockUser needs the parameter target_user_id.'],
    ['updateUserExtensions with no slot type', (c) => updateUserExtensions(c, {}), 'users.updateUserExtensions needs at least one of the parameters panel, overlay or component.'],
    ['updateUserExtensions without parameters', (c) => updateUserExtensions(c, undefined as never), 'users.updateUserExtensions needs at least one of the parameters panel, overlay or component.'],
    ['updateUserExtensions panel not an object', (c) => updateUserExtensions(c, { panel: [] as never }), 'The parameter panel of users.updateUserExtensions must be an object; got an array.'],
    ['authorizationByUser without user_id', (c) => authorizationByUser(c, {} as never), 'users.authorizationByUser needs the parameter user_id.'],
    ['activeExtensions has no broadcaster_id', (c) => activeExtensions(c, { broadcaster_id: '1' } as never), 'users.activeExtensions has no parameter broadcaster_id.'],
    // channels
    ['channelInformation without broadcaster_id', (c) => channelInformation(c, {} as never), 'channels.channelInformation needs the parameter broadcaster_id.'],
    ['updateChannel with nothing to change', (c) => updateChannel(c, { broadcaster_id: '1' }), 'channels.updateChannel needs at least one of the parameters game_id, broadcaster_language, title, delay, tags, content_classification_labels or is_branded_content.'],
    [
      // Its rule reads the own values, as the request does: an inherited title is neither checked nor sent.
      'updateChannel with the change inherited',
      (c) => updateChannel(c, Object.create({ title: 'inherited' }) as UpdateChannelParams),
      'channels.updateChannel needs at least one of the parameters game_id, broadcaster_language, title, delay, tags, content_classification_labels or is_branded_content.',
    ],
    ['updateChannel empty title', (c) => updateChannel(c, { title: '' }), 'The parameter title of channels.updateChannel must not be empty; got "".'],
    ['updateChannel title of 141 characters', (c) => updateChannel(c, { title: 'x'.repeat(141) }), `The parameter title of channels.updateChannel must hold at most 140 characters; got "${'x'.repeat(40)}…" (141 characters).`],
    ['updateChannel delay -1', (c) => updateChannel(c, { delay: -1 }), 'The parameter delay of channels.updateChannel must be from 0 to 900; got -1.'],
    ['updateChannel delay 901', (c) => updateChannel(c, { delay: 901 }), 'The parameter delay of channels.updateChannel must be from 0 to 900; got 901.'],
    ['updateChannel delay 1.5', (c) => updateChannel(c, { delay: 1.5 }), 'The parameter delay of channels.updateChannel must be a whole number; got 1.5.'],
    [
      'updateChannel 11 tags',
      (c) => updateChannel(c, { tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }),
      'The parameter tags of channels.updateChannel must hold at most 10 items; got an array.',
    ],
    [
      'updateChannel a tag of 26 characters',
      (c) => updateChannel(c, { tags: ['fine', long(26)] }),
      `The parameter tags of channels.updateChannel must hold tags of 1 to 25 characters without spaces (tag 2 is "${long(26)}"); got an array.`,
    ],
    ['updateChannel an empty tag', (c) => updateChannel(c, { tags: [''] }), 'The parameter tags of channels.updateChannel must hold tags of 1 to 25 characters without spaces (tag 1 is ""); got an array.'],
    [
      'updateChannel a tag with a space',
      (c) => updateChannel(c, { tags: ['Leveling Up'] }),
      'The parameter tags of channels.updateChannel must hold tags of 1 to 25 characters without spaces (tag 1 is "Leveling Up"); got an array.',
    ],
    [
      'updateChannel an unknown label',
      (c) => updateChannel(c, { content_classification_labels: [{ id: 'MatureGame' as never, is_enabled: true }] }),
      'The parameter content_classification_labels of channels.updateChannel must hold { id, is_enabled } items, id one of "DebatedSocialIssuesAndPolitics", "DrugsIntoxication", "SexualThemes", "ViolentGraphic", "Gambling", "ProfanityVulgarity" and is_enabled true or false (item 1 is {"id":"MatureGame","is_enabled":true}); got an array.',
    ],
    [
      'updateChannel a label without is_enabled',
      (c) => updateChannel(c, { content_classification_labels: [{ id: 'Gambling', is_enabled: true }, { id: 'Gambling' } as never] }),
      'The parameter content_classification_labels of channels.updateChannel must hold { id, is_enabled } items, id one of "DebatedSocialIssuesAndPolitics", "DrugsIntoxication", "SexualThemes", "ViolentGraphic", "Gambling", "ProfanityVulgarity" and is_enabled true or false (item 2 is {"id":"Gambling"}); got an array.',
    ],
    ['updateChannel is_branded_content', (c) => updateChannel(c, { is_branded_content: 'yes' as never }), 'The parameter is_branded_content of channels.updateChannel must be true or false; got "yes".'],
    ['channelFollowers without broadcaster_id', (c) => channelFollowers(c, {} as never), 'channels.channelFollowers needs the parameter broadcaster_id.'],
    // teams, search, games
    ['channelTeams without broadcaster_id', (c) => channelTeams(c, {} as never), 'teams.channelTeams needs the parameter broadcaster_id.'],
    ['teams with neither name nor id', (c) => teams(c, {} as never), 'teams.teams needs one of the parameters name or id.'],
    ['teams with both name and id', (c) => teams(c, { name: 'livecoders', id: '6358' } as never), 'The parameter name of teams.teams cannot be combined with id; got name "livecoders" and id "6358".'],
    ['searchCategories without query', (c) => searchCategories(c, {} as never), 'search.searchCategories needs the parameter query.'],
    ['searchChannels with an empty query', (c) => searchChannels(c, { query: '' }), 'The parameter query of search.searchChannels must not be empty; got "".'],
    ['searchChannels live_only', (c) => searchChannels(c, { query: 'a', live_only: 'true' as never }), 'The parameter live_only of search.searchChannels must be true or false; got "true".'],
    ['games with no id, name or igdb_id', (c) => games(c, {}), 'games.games needs at least one of the parameters id, name or igdb_id.'],
    ['games with an empty name', (c) => games(c, { name: '' }), 'The parameter name of games.games must be an ID or a list of IDs (non-empty strings); got "".'],
    // whispers
    ['sendWhisper message empty', (c) => sendWhisper(c, { to_user_id: '456', message: '' }), 'The parameter message of whispers.sendWhisper must not be empty; got "".'],
    ['sendWhisper without to_user_id', (c) => sendWhisper(c, { message: 'hi' } as never), 'whispers.sendWhisper needs the parameter to_user_id.'],
    ['sendWhisper without message', (c) => sendWhisper(c, { to_user_id: '456' } as never), 'whispers.sendWhisper needs the parameter message.'],
  ];

  it.each(cases)('%s', async (_, run, message) => {
    const error = await failure(() => run(client));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    expect(error.message).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it('the edges of each range are allowed', async () => {
    const edges: UpdateChannelParams[] = [
      { delay: 0 },
      { delay: 900 },
      { title: 'x' },
      // 140 characters, counted as the platform counts them (an emoji is one).
      { title: '🎮'.repeat(140) },
      { tags: Array.from({ length: 10 }, () => long(25)) },
      { tags: [] },
      { game_id: '' },
      { content_classification_labels: [] },
      { is_branded_content: false },
    ];
    for (const params of edges) await updateChannel(client, params, { as: '1' });
    await updateUser(client, { description: long(300) }, { as: '1' });
    // Past 10,000 characters the platform cuts a whisper; it does not refuse it, so neither does the client.
    await sendWhisper(client, { to_user_id: '2', message: long(10_001) }, { as: '1' });
    await sendWhisper(client, { to_user_id: '2', message: 'x' }, { as: '1' });
    await blockUser(client, { target_user_id: '2', source_context: 'whisper', reason: 'harassment' }, { as: '1' });
    expect(requests).toHaveLength(edges.length + 4);
    expect(() => blockList(client, { first: 1 })).not.toThrow();
    expect(() => topGames(client, { first: 100 })).not.toThrow();
  });
});
