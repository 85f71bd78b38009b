import { describe, expect, it } from 'vitest';
import { parseEventSub } from './eventsub.ts';
import { statedLimits } from './limits.ts';
import { nestBodyFields, parseReference, parseScopes, scopesOf, tokenKindOf } from './reference.ts';
import { linesOf, tables } from './text.ts';

const scopes = new Set(['moderator:read:chatters', 'user:write:chat', 'user:bot', 'channel:bot', 'moderation:read', 'channel:manage:moderators']);

// An excerpt of reference.md as the converted pages write it (no `| --- |` line; a `-` line after
// a row whose cell held a list).
const excerpt = `# Twitch API Reference

## Get Chatters
✎
Gets the list of users that are connected to the broadcaster’s chat session.

### Authorization
Requires one of the following:
- A user access token that includes the moderator:read:chatters scope.
- An app access token where the application, through a prior authorization, has the moderator:read:chatters scope for the user represented by the \`moderator_id\` query parameter.

### URL
\`GET https://api.twitch.tv/helix/chat/chatters\`

### Request Query Parameters
| Parameter | Type | Required? | Description |
| broadcaster_id | String | Yes | The ID of the broadcaster whose list of chatters you want to get. |
| moderator_id | String | Yes | The ID of the broadcaster or one of the broadcaster’s moderators. |
| first | Integer | No | The maximum number of items to return per page in the response. The minimum page size is 1 item per page and the maximum is 1,000. The default is 100. |
| after | String | No | The cursor used to get the next page of results. |

### Response Codes
| Code | Description |
| 400 Bad Request | The broadcaster_id query parameter is required. |
-
| 401 Unauthorized | The access token is not valid. |

## Ban User
✎

### Authorization
Requires one of the following:
- A user access token that includes the moderator:manage:banned_users scope.
- An app access token where the application, through a prior authorization, has the moderator:manage:banned_users and user:bot scopes for the user represented by the \`moderator_id\` query parameter.

### URL
\`POST https://api.twitch.tv/helix/moderation/bans\`

### Request Body
| Field | Type | Required? | Description |
| data | Object | Yes | Identifies the user and type of ban. |
| user_id | String | Yes | The ID of the user to ban or put in a timeout. |
| duration | Integer | No | The minimum timeout is 1 second and the maximum is 1,209,600 seconds (2 weeks). |
| reason | String | No | The text is user defined and is limited to a maximum of 500 characters. |

## Get Stream Key
### Authorization
Requires a user access token that includes the channel:read:stream_key scope.

### URL
\`https://api.twitch.tv/helix/streams/key\`

## Get Channel iCalendar
### Authorization
The Client-Id and Authorization headers are not required.

### URL
\`GET https://api.twitch.tv/helix/schedule/icalendar\`
`;

describe('the text format', () => {
  it('reads tables whose rows are split by `-` lines, without a separator row', () => {
    const [table] = tables(linesOf('| Code | Description |\n| 400 | a |\n-\n| 401 | b |\n\nafter'));
    expect(table!.columns).toEqual(['Code', 'Description']);
    expect(table!.rows.map((row) => row.cells.Code)).toEqual(['400', '401']);
  });

  it('reads each operation: name, method, path, token kinds, scopes and parameters', () => {
    const [chatters, ban, streamKey, icalendar] = parseReference(excerpt, new Set([...scopes, 'moderator:manage:banned_users', 'channel:read:stream_key']));
    expect(chatters).toMatchObject({ name: 'Get Chatters', method: 'GET', path: '/chat/chatters', token: 'either', scopes: ['moderator:read:chatters'], line: 3 });
    expect(chatters!.params.map((param) => [param.name, param.in, param.required])).toEqual([
      ['broadcaster_id', 'query', true],
      ['moderator_id', 'query', true],
      ['first', 'query', false],
      ['after', 'query', false],
    ]);
    expect(chatters!.params[2]!.limits).toEqual({ min: 1, max: 1000, default: '100' });
    // user:bot is what an app token's prior authorization needs, not a scope of the user token.
    expect(ban).toMatchObject({ method: 'POST', path: '/moderation/bans', token: 'either', scopes: ['moderator:manage:banned_users'] });
    expect(ban!.params.find((param) => param.name === 'duration')!.limits).toEqual({ min: 1, max: 1209600 });
    expect(streamKey).toMatchObject({ method: '', path: '/streams/key', token: 'user' });
    expect(icalendar).toMatchObject({ token: 'none' });
  });

  it('nests the body fields that follow an object, up to the next field the declaration sends', () => {
    const poll = parseReference(
      `## Create Poll
### URL
\`POST https://api.twitch.tv/helix/polls\`
### Request Body
| Field | Type | Required? | Description |
| broadcaster_id | String | Yes | The broadcaster. |
| title | String | Yes | The question. The question may contain a maximum of 60 characters. |
| choices | Object[] | Yes | The list must contain a minimum of 2 choices and up to a maximum of 5 choices. |
| title | String | Yes | One of the choices. The choice may contain a maximum of 25 characters. |
| duration | Integer | Yes | The minimum is 15 seconds and the maximum is 1800 seconds (30 minutes). |
`,
      scopes,
    )[0]!;
    const nested = nestBodyFields(poll.params, new Set(['broadcaster_id', 'title', 'choices', 'duration']));
    expect(nested.map((param) => [param.name, param.parent, param.limits.max])).toEqual([
      ['broadcaster_id', undefined, undefined],
      ['title', undefined, 60],
      ['choices', undefined, 5],
      // A name already seen at the top belongs to the object.
      ['title', 'choices', 25],
      ['duration', undefined, 1800],
    ]);
    // A \`{ data: {...} }\` body: the fields after \`data\` are its own unless the declaration sends them.
    const [, ban] = parseReference(excerpt, scopes);
    expect(nestBodyFields(ban!.params, new Set(['broadcaster_id'])).map((param) => param.parent)).toEqual([undefined, 'data', 'data', 'data']);
  });

  it('tells token kinds and scopes from the Authorization wording', () => {
    expect(tokenKindOf('Requires an app access token or user access token.')).toBe('either');
    expect(tokenKindOf('Requires an app access token.')).toBe('app');
    expect(tokenKindOf('Requires a user access token that includes the moderation:read scope.')).toBe('user');
    expect(tokenKindOf('Requires a signed JSON Web Token (JWT) created by an Extension Backend Service (EBS).')).toBe('extension');
    expect(tokenKindOf('- Requires OAuth Scope: `channel:manage:guest_star`')).toBe('user');
    expect(scopesOf('Requires a user access token that includes the moderation:read scope. If your app also adds and removes moderators, you can use the channel:manage:moderators scope instead.', scopes)).toEqual([
      'moderation:read',
      'channel:manage:moderators',
    ]);
    expect(parseScopes('## Scopes\n| Scope Name | Access |\n| `user:bot` | Join a chat. |\n| `moderation:read` | Read. |')).toEqual(new Set(['user:bot', 'moderation:read']));
  });
});

describe('limits stated in words', () => {
  it.each([
    ['The minimum page size is 1 item per page and the maximum is 100 items per page. The default is 20.', { min: 1, max: 100, default: '20' }],
    ['You may specify a maximum of 25 IDs.', { max: 25 }],
    ['The maximum number of IDs you may specify is 10.', { max: 10 }],
    ['Required to be between 1 and 6.', { min: 1, max: 6 }],
    ['The duration must be in the range 30 through 1380 (23 hours).', { min: 30, max: 1380 }],
    ['Possible values are: 3 (3 second delay) through 120 (2 minute delay). The default is 30 seconds.', { min: 3, max: 120, default: '30 seconds' }],
    ['Minimum: 30. Maximum: 1800. If not specified, the message will be pinned until the stream ends.', { min: 30, max: 1800 }],
    ['The term must contain a minimum of 2 characters and may contain up to a maximum of 500 characters.', { min: 2, max: 500 }],
    ['A custom reason for the warning. Max 500 chars.', { max: 500 }],
    ['The message is limited to a maximum of 5 KB.', { max: 5120 }],
    ['The list must contain at least one message and may contain up to a maximum of 100 messages.', { min: 1, max: 100 }],
    // Sentences about the answer or a list's items are no limit of the parameter.
    ['A category or game ID. The response contains a maximum of 500 videos that show this content.', {}],
    ['The broadcaster has up to 24 hours after the prediction window closes to resolve it.', {}],
  ])('%s', (text, limits) => {
    expect(statedLimits(text)).toEqual(limits);
  });
});

describe('the EventSub pages', () => {
  const types = `# Subscription Types
| Subscription Type | Name | Version | Description |
| Channel Moderate | \`channel.moderate\` | \`1\` | A moderator performs a moderation action. |
| Channel Moderate V2NEW | \`channel.moderate\` | \`2\` | Includes warnings. |
| Goal Begin | \`channel.goal.begin\` | \`1\` | A goal begins. |
| Shield Mode Begin | \`channel.shield_mode.begin\` | \`1\` | Shield Mode on. |

### channel.shield_mode.begin
\`\`\`
{ "type": "channel.shield_mode.begin", "version": "1", "condition": { "broadcaster_user_id": "12345", "moderator_user_id": "98765" }, "transport": { "method": "webhook" } }
\`\`\`
`;
  const reference = `# EventSub Reference
## Conditions
### Channel Moderate Condition
| Name | Type | Required? | Description |
| \`broadcaster_user_id\` | string | yes | The broadcaster. |
| \`moderator_user_id\` | string | yes | The moderator. |

### Channel Moderate V2 Condition
| Name | Type | Required? | Description |
| \`broadcaster_user_id\` | string | yes | The broadcaster. |
| \`moderator_user_id\` | string | yes | The moderator. |

### Goals Condition
| Name | Type | Required? | Description |
| \`broadcaster_user_id\` | string | yes | The broadcaster. |

## Events
### Channel Moderate Event
| Name | Type | Description |
| \`action\` | string | The action. |

### Channel Moderate Event V2
| Name | Type | Description |
| \`action\` | string | The action. |
| \`warn\` | object | A warning. |
| \`reason\` | string | Its reason. |

### Goals Event
| Name | Type | Description |
| \`id\` | string | The goal. |

## Shield Mode
| Field | Type | Description |
| \`started_at\` | String | When it began. |
`;

  it('finds each version its condition and event tables, by the names the pages give them', () => {
    const parsed = parseEventSub(types, reference);
    expect(parsed.map((type) => `${type.type}@${type.version}`)).toEqual(['channel.moderate@1', 'channel.moderate@2', 'channel.goal.begin@1', 'channel.shield_mode.begin@1']);
    expect(parsed[1]!.condition!.source).toContain('Channel Moderate V2 Condition');
    expect(parsed[1]!.payload!.fields).toEqual(['action', 'warn', 'reason']);
    expect(parsed[0]!.payload!.fields).toEqual(['action']);
    expect(parsed[2]!.payload!.source).toContain('Goals Event');
    // Shield Mode has no condition table: the webhook example's condition keys stand in.
    expect(parsed[3]!.condition).toMatchObject({ fields: [{ name: 'broadcaster_user_id' }, { name: 'moderator_user_id' }], requiredKnown: false });
    expect(parsed[3]!.payload!.fields).toEqual(['started_at']);
  });
});
