import type { ControlTable } from '../controls';
import { HttpError, type MockRequest } from '../http';
import { iso, noContent, ok, page, repeated, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockChannel, MockChannelInfo } from '../state';

/*
 * The Channels group of the reference: Get Channel Information, Modify Channel Information, Get
 * Channel Editors, Get Followed Channels and Get Channel Followers. Everything here lives in the
 * shared channel state (`info`, `followers`, `editors`), because the streams and search routes read
 * it too. Follows and editors have no API call: they are the controls `mock.channels.*`.
 */

const MAX_BROADCASTERS = 100;
const FOLLOW_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** The longest stream delay, in seconds (partners only). */
const MAX_DELAY = 900;
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 25;
/** The labels a broadcaster may set; `MatureGame` follows the game and cannot be set. */
const SETTABLE_LABELS = ['DebatedSocialIssuesAndPolitics', 'DrugsIntoxication', 'SexualThemes', 'ViolentGraphic', 'Gambling', 'ProfanityVulgarity'];
const GAMING_LABELS = ['MatureGame'];
/** The body fields Modify Channel Information reads. */
const INFO_FIELDS = ['game_id', 'broadcaster_language', 'title', 'delay', 'tags', 'content_classification_labels', 'is_branded_content'];
/** A title holds at most 140 characters (the reference's 400 for Modify Channel Information). */
const TITLE_MAX = 140;

/** The channels controls: what no API call does. */
export interface ChannelsControl {
  /**
   * `userId` follows `broadcasterId` now: Get Channel Followers and Get Followed Channels show it
   * first, and `channel.follow` is raised. Returns false (and raises nothing) when the user
   * already follows. Throws for an unknown user or a user following themselves.
   */
  follow(userId: string, broadcasterId: string): boolean;
  /** `userId` stops following `broadcasterId`; returns whether they followed. */
  unfollow(userId: string, broadcasterId: string): boolean;
  /**
   * Makes `userId` an editor of the broadcaster's channel (listed by Get Channel Editors, allowed to
   * use Modify Channel Information). Returns false when they already are one. Throws for an
   * unknown user or the broadcaster themselves.
   */
  addEditor(broadcasterId: string, userId: string): boolean;
  /** Removes an editor; returns whether they were one. */
  removeEditor(broadcasterId: string, userId: string): boolean;
}

/**
 * The channels group's helpers and its controls' logic. It keeps nothing of its own: follows,
 * editors and the channel information are in the shared channel state.
 */
export class ChannelsState {
  constructor(readonly context: HelixContext) {}

  /** A broadcaster_id that must name a known user (400 otherwise). */
  knownBroadcaster(request: MockRequest, name = 'broadcaster_id'): string {
    const id = request.query.get(name)!;
    if (!this.context.state.user(id)) throw new HttpError(400, `The ID in ${name} is not valid: no such user`);
    return id;
  }

  /** The checked changes of a Modify Channel Information body, or the platform's 400/401/403. */
  readInfoChanges(body: unknown, channel: MockChannel, isBroadcaster: boolean): Partial<MockChannelInfo> {
    const { state } = this.context;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request must update at least one property: send a JSON object');
    const fields = body as Record<string, unknown>;
    if (!INFO_FIELDS.some((name) => fields[name] !== undefined)) throw new HttpError(400, `The request must update at least one property: ${INFO_FIELDS.join(', ')}`);
    const changes: Partial<MockChannelInfo> = {};
    const { game_id: gameId, broadcaster_language: language, title, delay, tags, content_classification_labels: labels, is_branded_content: branded } = fields;
    if (gameId !== undefined) {
      if (typeof gameId !== 'string') throw new HttpError(400, 'The field "game_id" must be a string');
      if (gameId === '' || gameId === '0') {
        changes.game_id = '';
        changes.game_name = '';
      } else {
        const game = state.games.get(gameId);
        if (!game) throw new HttpError(400, `The ID in game_id is not valid: no game ${gameId}`);
        changes.game_id = game.id;
        changes.game_name = game.name;
      }
    }
    if (language !== undefined) {
      if (typeof language !== 'string') throw new HttpError(400, 'The field "broadcaster_language" must be a string');
      // A code the platform does not support leaves the language as it was.
      if (/^[a-z]{2}$/.test(language) || language === 'other') changes.broadcaster_language = language;
    }
    if (title !== undefined) {
      if (typeof title !== 'string') throw new HttpError(400, 'The field "title" must be a string');
      if (title.trim() === '') throw new HttpError(400, 'The field "title" may not contain an empty string');
      if (Array.from(title).length > TITLE_MAX) throw new HttpError(400, 'Title exceeds the 140 character limit.');
      changes.title = title;
    }
    if (delay !== undefined) {
      if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY) throw new HttpError(400, `The parameter "delay" must be a whole number from 0 to ${MAX_DELAY}`);
      changes.delay = delay;
      if (state.user(channel.broadcaster_id)?.broadcaster_type !== 'partner') throw new HttpError(400, 'To update the delay field, the broadcaster must have partner status');
    }
    if (tags !== undefined) changes.tags = readTags(tags);
    if (labels !== undefined) {
      if (!isBroadcaster) throw new HttpError(401, 'Only the broadcaster may change the channel\'s content_classification_labels');
      changes.content_classification_labels = readLabels(labels, channel.info.content_classification_labels);
    }
    if (branded !== undefined) {
      if (typeof branded !== 'boolean') throw new HttpError(400, 'The field "is_branded_content" must be a boolean');
      changes.is_branded_content = branded;
    }
    return changes;
  }

  requireUser(id: string): void {
    if (!this.context.state.user(id)) throw new Error(`No user ${id}.`);
  }

  follow(userId: string, broadcasterId: string): boolean {
    const { context } = this;
    this.requireUser(userId);
    this.requireUser(broadcasterId);
    if (userId === broadcasterId) throw new Error('A user cannot follow their own channel.');
    const followers = context.state.channel(broadcasterId).followers;
    if (followers.has(userId)) return false;
    const at = context.now();
    followers.set(userId, at);
    // Raised without moderator_user_id, so that it reaches the subscription of every moderator of
    // the channel (creating one already checked that its moderator_user_id moderates the channel).
    context.events.raise({
      type: 'channel.follow',
      version: '2',
      event: { ...userFields(context, userId, 'user'), ...userFields(context, broadcasterId, 'broadcaster_user'), followed_at: iso(at) },
      condition: { broadcaster_user_id: broadcasterId },
    });
    return true;
  }

  unfollow(userId: string, broadcasterId: string): boolean {
    return this.context.state.channel(broadcasterId).followers.delete(userId);
  }

  addEditor(broadcasterId: string, userId: string): boolean {
    this.requireUser(broadcasterId);
    this.requireUser(userId);
    if (userId === broadcasterId) throw new Error('The broadcaster cannot be an editor of their own channel.');
    const editors = this.context.state.channel(broadcasterId).editors;
    if (editors.has(userId)) return false;
    editors.set(userId, this.context.now());
    return true;
  }

  removeEditor(broadcasterId: string, userId: string): boolean {
    return this.context.state.channel(broadcasterId).editors.delete(userId);
  }
}

/** The channels routes: Get and Modify Channel Information, Get Channel Editors, Get Followed Channels, Get Channel Followers. */
export const channelsRoutes: readonly RouteRow<ChannelsState>[] = [
  {
    method: 'GET',
    path: '/channels',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request, token, context }) => {
      const { state } = context;
      const ids = [...new Set(repeated(request, 'broadcaster_id', MAX_BROADCASTERS))].filter((id) => state.user(id));
      return ok(
        ids.map((id) => {
          const info = state.channel(id).info;
          return {
            ...userFields(context, id, 'broadcaster'),
            broadcaster_language: info.broadcaster_language,
            game_id: info.game_id,
            game_name: info.game_name,
            title: info.title,
            // The delay is the broadcaster's own business: others read 0.
            delay: token.userId === id ? info.delay : 0,
            tags: [...info.tags],
            content_classification_labels: [...info.content_classification_labels],
            is_branded_content: info.is_branded_content,
          };
        }),
      );
    },
  },
  {
    method: 'PATCH',
    path: '/channels',
    token: 'user',
    scopes: ['channel:manage:broadcast'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, channels) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const actorId = token.userId!;
      const channel = context.state.channel(broadcasterId);
      if (actorId !== broadcasterId && !channel.editors.has(actorId)) {
        throw new HttpError(401, 'The ID in broadcaster_id must match the user ID found in the request\'s OAuth token, or that user must be one of the broadcaster\'s editors');
      }
      const changes = channels.readInfoChanges(request.body, channel, actorId === broadcasterId);
      const before = eventFields(channel.info);
      Object.assign(channel.info, changes);
      const after = eventFields(channel.info);
      // channel.update carries title, language, category and labels: a change to those raises it.
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        // The deprecated version 1 reaches its subscribers from this event too (see the EventSub registry).
        context.events.raise({ type: 'channel.update', version: '2', event: { ...userFields(context, broadcasterId, 'broadcaster_user'), ...after }, condition: { broadcaster_user_id: broadcasterId } });
      }
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/channels/editors',
    token: 'user',
    scopes: ['channel:read:editors'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }) => {
      const { state } = context;
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      const editors = [...state.channel(broadcasterId).editors];
      return ok(editors.map(([userId, since]) => ({ user_id: userId, user_name: state.user(userId)?.display_name ?? '', created_at: iso(since) })));
    },
  },
  {
    method: 'GET',
    path: '/channels/followed',
    token: 'user',
    scopes: ['user:read:follows'],
    query: ['user_id'],
    handle: ({ request, token, context }, channels) => {
      const userId = request.query.get('user_id')!;
      requireTokenUser(token, userId, 'user_id');
      const filter = request.query.get('broadcaster_id') ? channels.knownBroadcaster(request) : undefined;
      const follows: { broadcasterId: string; at: number }[] = [];
      for (const channel of context.state.channels.values()) {
        const at = channel.followers.get(userId);
        if (at !== undefined) follows.push({ broadcasterId: channel.broadcaster_id, at });
      }
      follows.sort((a, b) => b.at - a.at);
      const listed = filter === undefined ? follows : follows.filter((follow) => follow.broadcasterId === filter);
      const { data, pagination } = page(request, listed, FOLLOW_PAGE);
      return ok(
        data.map((follow) => ({ ...userFields(context, follow.broadcasterId, 'broadcaster'), followed_at: iso(follow.at) })),
        { pagination, total: follows.length },
      );
    },
  },
  {
    method: 'GET',
    path: '/channels/followers',
    token: 'user',
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, channels) => {
      const broadcasterId = channels.knownBroadcaster(request);
      const followers = context.state.channel(broadcasterId).followers;
      // Without moderator:read:followers, or for a user who does not moderate the channel, the
      // platform answers with the count only; asking about one user is then refused.
      const privileged = token.scopes.includes('moderator:read:followers') && context.state.isModerator(broadcasterId, token.userId!);
      const userId = request.query.get('user_id');
      if (userId && !privileged) {
        throw new HttpError(401, 'The user_id parameter requires a user access token with the moderator:read:followers scope, of the broadcaster or one of their moderators');
      }
      // Newest follower first; a Map keeps the order of following.
      const listed = privileged ? [...followers].reverse().filter(([id]) => !userId || id === userId) : [];
      const { data, pagination } = page(request, listed, FOLLOW_PAGE);
      return ok(
        data.map(([id, at]) => ({ ...userFields(context, id, 'user'), followed_at: iso(at) })),
        { pagination, total: followers.size },
      );
    },
  },
];

/** The channels controls: `mock.channels.*` and `/mock/channels.*`. */
export const channelsControls: ControlTable<ChannelsState, ChannelsControl> = {
  follow: {
    params: ['userId: string', 'broadcasterId: string'],
    does: '`userId` follows `broadcasterId` now: Get Channel Followers and Get Followed Channels show it first, and `channel.follow` is raised.',
    run: (channels, userId, broadcasterId) => channels.follow(userId, broadcasterId),
  },
  unfollow: {
    params: ['userId: string', 'broadcasterId: string'],
    does: '`userId` stops following `broadcasterId`; returns whether they followed.',
    run: (channels, userId, broadcasterId) => channels.unfollow(userId, broadcasterId),
  },
  addEditor: {
    params: ['broadcasterId: string', 'userId: string'],
    does: 'Makes `userId` an editor of the broadcaster\'s channel (listed by Get Channel Editors, allowed to use Modify Channel Information).',
    run: (channels, broadcasterId, userId) => channels.addEditor(broadcasterId, userId),
  },
  removeEditor: {
    params: ['broadcasterId: string', 'userId: string'],
    does: 'Removes an editor; returns whether they were one.',
    run: (channels, broadcasterId, userId) => channels.removeEditor(broadcasterId, userId),
  },
};

/** What `channel.update` carries, from the channel's information. */
function eventFields(info: MockChannelInfo): Record<string, unknown> {
  return {
    title: info.title,
    language: info.broadcaster_language,
    category_id: info.game_id,
    category_name: info.game_name,
    content_classification_labels: [...info.content_classification_labels],
  };
}

/** The `tags` field: at most 10, each 1 to 25 letters or digits; an empty list removes every tag. */
function readTags(tags: unknown): string[] {
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) throw new HttpError(400, 'The field "tags" must be an array of strings');
  const list = tags as string[];
  if (list.length > MAX_TAGS) throw new HttpError(400, `The field "tags" may hold at most ${MAX_TAGS} tags; got ${list.length}`);
  for (const tag of list) {
    if (tag === '') throw new HttpError(400, 'A tag in the "tags" field is empty');
    if ([...tag].length > MAX_TAG_LENGTH) throw new HttpError(400, `A tag in the "tags" field may be at most ${MAX_TAG_LENGTH} characters long: "${tag}"`);
    if (!/^[\p{L}\p{N}]+$/u.test(tag)) throw new HttpError(400, `A tag in the "tags" field may hold only letters and digits, no spaces or special characters: "${tag}"`);
  }
  // Tags are case insensitive: the first spelling of a tag is kept.
  const seen = new Set<string>();
  return list.filter((tag) => !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
}

/** The `content_classification_labels` field applied to the current labels: `[{ id, is_enabled }]`. */
function readLabels(labels: unknown, current: readonly string[]): string[] {
  if (!Array.isArray(labels)) throw new HttpError(400, 'The field "content_classification_labels" must be an array of { id, is_enabled }');
  const next = new Set(current);
  for (const label of labels as unknown[]) {
    const { id, is_enabled: enabled } = (typeof label === 'object' && label !== null ? label : {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof enabled !== 'boolean') throw new HttpError(400, 'Each content classification label must be { id: string, is_enabled: boolean }');
    if (GAMING_LABELS.includes(id)) throw new HttpError(403, `The label ${id} follows the channel's game and cannot be set`);
    if (!SETTABLE_LABELS.includes(id)) throw new HttpError(400, `The content classification label "${id}" is not valid: use ${SETTABLE_LABELS.join(', ')}`);
    if (enabled) next.add(id);
    else next.delete(id);
  }
  return [...next];
}
