import {
  arrayParam,
  booleanParam,
  callOperation,
  defineOperation,
  numberParam,
  voidResult,
  type ClientHandle,
  type ParamKind,
  type RequestOptions,
} from '@platform/core';
import { needOneOf } from '../checks';
import { characterCount, ownParams } from '@platform/core/internal';
import type { ContentClassificationLabelSetting, SettableContentClassificationLabelId } from '../types';

/** Parameters of `updateChannel`: `broadcaster_id` and at least one field to change. */
export interface UpdateChannelParams {
  /** The channel; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
  /**
   * The game or category; `'0'` or `''` unsets it. The reference says both that an ID the platform
   * does not know leaves the game unchanged and that it is a 400 ("The ID in game_id is not
   * valid"); expect either.
   */
  game_id?: string;
  /** An ISO 639-1 two-letter code, or `other`; a language the platform does not support leaves it unchanged. */
  broadcaster_language?: string;
  /** The stream's title, 1 to 140 characters. */
  title?: string;
  /** Seconds the broadcast is held back before going live, 0 to 900. Partners only. */
  delay?: number;
  /**
   * The channel's tags, at most 10, each 1 to 25 characters without spaces or special
   * characters. An empty list removes every tag.
   */
  tags?: string[];
  /** Labels to turn on (`is_enabled: true`) or off; labels left out keep their state. */
  content_classification_labels?: ContentClassificationLabelSetting[];
  /** Whether the channel has branded content. */
  is_branded_content?: boolean;
}

/** A string that may be left out but not sent empty (the platform refuses an empty title), of at most `maxLength` characters. */
const nonEmptyStringParam: ParamKind = {
  name: 'string',
  check: (spec, value) => {
    if (typeof value !== 'string') return 'must be a string';
    if (value === '') return 'must not be empty';
    return spec.maxLength !== undefined && characterCount(value) > spec.maxLength ? `must hold at most ${spec.maxLength} characters` : undefined;
  },
};

/** The most characters a tag may hold. */
const tagLength = 25;

/** A list of tags: the list's size as `arrayParam`, and every tag 1 to 25 characters without spaces. */
const tagsParam: ParamKind = {
  name: 'array',
  check(spec, value) {
    const problem = arrayParam.check(spec, value);
    if (problem) return problem;
    const tags = value as unknown[];
    const index = tags.findIndex((tag) => typeof tag !== 'string' || tag === '' || characterCount(tag) > tagLength || /\s/u.test(tag));
    return index < 0 ? undefined : `must hold tags of 1 to ${tagLength} characters without spaces (tag ${index + 1} is ${JSON.stringify(tags[index])})`;
  },
};

/** The labels `updateChannel` may set; `MatureGame` follows from the game. */
const settableLabels: readonly SettableContentClassificationLabelId[] = [
  'DebatedSocialIssuesAndPolitics',
  'DrugsIntoxication',
  'SexualThemes',
  'ViolentGraphic',
  'Gambling',
  'ProfanityVulgarity',
];

/** A list of `{ id, is_enabled }` label settings, each `id` one of the settable labels. */
const labelsParam: ParamKind = {
  name: 'array',
  check(spec, value) {
    const problem = arrayParam.check(spec, value);
    if (problem) return problem;
    const labels = value as unknown[];
    const index = labels.findIndex((label) => {
      if (typeof label !== 'object' || label === null) return true;
      const { id, is_enabled } = label as Record<string, unknown>;
      return !settableLabels.includes(id as SettableContentClassificationLabelId) || typeof is_enabled !== 'boolean';
    });
    if (index < 0) return undefined;
    return `must hold { id, is_enabled } items, id one of ${settableLabels.map((id) => JSON.stringify(id)).join(', ')} and is_enabled true or false (item ${index + 1} is ${JSON.stringify(labels[index])})`;
  },
};

/**
 * Declaration of `channels.updateChannel`: PATCH /channels, user token, channel:manage:broadcast;
 * `broadcaster_id` in the query, the changes in a flat body.
 */
export const updateChannelOperation = /* @__PURE__ */ defineOperation<UpdateChannelParams, void>({
  name: 'channels.updateChannel',
  method: 'PATCH',
  path: '/channels',
  token: 'user',
  scopes: ['channel:manage:broadcast'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    game_id: { type: 'string', in: 'body' },
    broadcaster_language: { type: 'string', in: 'body' },
    title: { type: nonEmptyStringParam, in: 'body', maxLength: 140 },
    delay: { type: numberParam, in: 'body', min: 0, max: 900, integer: true },
    tags: { type: tagsParam, in: 'body', maxLength: 10 },
    content_classification_labels: { type: labelsParam, in: 'body' },
    is_branded_content: { type: booleanParam, in: 'body' },
  },
  result: voidResult,
});

const changes = ['game_id', 'broadcaster_language', 'title', 'delay', 'tags', 'content_classification_labels', 'is_branded_content'] as const;

/**
 * Changes a channel's information: game, language, title, stream delay, tags, content
 * classification labels, branded content. Only the fields given change.
 *
 * Token: user only; channel:manage:broadcast. `broadcaster_id` defaults to the token's user and
 * must be that user.
 * Limits: at least one field to change; `title` 1 to 140 characters; `delay` 0 to 900 seconds (partners
 * only); `tags` at most 10, each 1 to 25 characters without spaces; `content_classification_labels`
 * ids among DebatedSocialIssuesAndPolitics, DrugsIntoxication, SexualThemes, ViolentGraphic,
 * Gambling, ProfanityVulgarity. The platform also refuses tags with special characters or that fail
 * AutoMod review, and branded content changed too often (409).
 *
 * @platformName Modify Channel Information
 * @throws PlatformError when a limit above is broken or no field to change is given (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400: a tag or game refused, a delay for a non-partner).
 * @example
 * await updateChannel(client, { title: 'Any% practice', game_id: '33214', tags: ['Speedrun', 'English'] });
 */
export async function updateChannel(client: ClientHandle, params: UpdateChannelParams, options?: RequestOptions): Promise<void> {
  params = ownParams(params); // its rules read what is sent
  needOneOf(updateChannelOperation.name, params, changes);
  return await callOperation(client, updateChannelOperation, params, options);
}
