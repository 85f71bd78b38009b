import { authOf, platformAuth, type AuthApi, type TokenStore } from '@platform/auth';
import { PlatformClient, PlatformError, type ClientOptions } from '@platform/core';
import { ClientCore } from '@platform/core/internal';
import { boundGroup, type BoundGroup } from './bind';
import {
  analyticsGroup,
  entitlementsGroup,
  extensionsGroup,
  bitsGroup,
  channelPointsGroup,
  charityGroup,
  goalsGroup,
  hypeTrainGroup,
  pollsGroup,
  predictionsGroup,
  subscriptionsGroup,
  adsGroup,
  channelsGroup,
  clipsGroup,
  raidsGroup,
  scheduleGroup,
  streamsGroup,
  videosGroup,
  chatGroup,
  contentClassificationLabelsGroup,
  gamesGroup,
  guestStarGroup,
  moderationGroup,
  searchGroup,
  teamsGroup,
  usersGroup,
  whispersGroup,
} from './groups';

/** Options of `new Platform()`: the client options of core, plus the token store. */
export interface PlatformOptions extends Omit<ClientOptions, 'authenticator' | 'token'> {
  /** Keeps registered users across restarts; in memory by default. `@platform/client/file-store` has a file-backed one. */
  tokens?: TokenStore | undefined;
}

const storeMethods = ['get', 'set', 'delete', 'list'] as const;

/**
 * What the server and browser builds of `Platform` share: the operation groups, `client.auth`,
 * `client.as()`, `client.request()`, `client.rateLimitOf()` and the client events. Users construct
 * `Platform`.
 */
export class PlatformBase extends PlatformClient {
  /** Registered users, the app token and the sign-in flows. */
  readonly auth: AuthApi;

  constructor(options: PlatformOptions) {
    const { tokens, ...rest } = (typeof options === 'object' && options !== null ? options : {}) as PlatformOptions;
    if (tokens !== undefined && (typeof tokens !== 'object' || tokens === null || storeMethods.some((method) => typeof tokens[method] !== 'function'))) {
      throw new PlatformError('The tokens option must be a token store with get, set, delete and list methods.');
    }
    super(new ClientCore({ ...rest, authenticator: platformAuth({ tokens }) }));
    this.auth = authOf(this);
  }

  /** The chat operations: chatters, emotes, badges, settings, messages, pins, announcements, shoutouts, colors. */
  get chat(): BoundGroup<typeof chatGroup> {
    return boundGroup(this, 'chat', chatGroup);
  }

  /** The moderation operations: bans, unban requests, AutoMod, blocked terms, moderators, VIPs, shield mode, warnings. */
  get moderation(): BoundGroup<typeof moderationGroup> {
    return boundGroup(this, 'moderation', moderationGroup);
  }

  /** The guest star operations. Beta: the platform may change them. */
  get guestStar(): BoundGroup<typeof guestStarGroup> {
    return boundGroup(this, 'guestStar', guestStarGroup);
  }
  /** Users: look users up by ID or login, update the description, block lists, extensions, authorizations. */
  get users(): BoundGroup<typeof usersGroup> {
    return boundGroup(this, 'users', usersGroup);
  }

  /** Channels: information (title, category, tags...), editors, followers and followed channels. */
  get channels(): BoundGroup<typeof channelsGroup> {
    return boundGroup(this, 'channels', channelsGroup);
  }

  /** Teams: a channel's teams, and a team's members. */
  get teams(): BoundGroup<typeof teamsGroup> {
    return boundGroup(this, 'teams', teamsGroup);
  }

  /** Search: categories and channels by name. */
  get search(): BoundGroup<typeof searchGroup> {
    return boundGroup(this, 'search', searchGroup);
  }

  /** Games (categories): the top games, and games by ID, name or IGDB ID. */
  get games(): BoundGroup<typeof gamesGroup> {
    return boundGroup(this, 'games', gamesGroup);
  }

  /** The content classification labels a channel can carry. */
  get contentClassificationLabels(): BoundGroup<typeof contentClassificationLabelsGroup> {
    return boundGroup(this, 'contentClassificationLabels', contentClassificationLabelsGroup);
  }

  /** Whispers: send one. */
  get whispers(): BoundGroup<typeof whispersGroup> {
    return boundGroup(this, 'whispers', whispersGroup);
  }
  /** Streams: live streams, followed streams, the stream key, stream markers. */
  get streams(): BoundGroup<typeof streamsGroup> {
    return boundGroup(this, 'streams', streamsGroup);
  }

  /** Videos: list and delete. */
  get videos(): BoundGroup<typeof videosGroup> {
    return boundGroup(this, 'videos', videosGroup);
  }

  /** Clips: create (from the live stream or a video), list, download links. */
  get clips(): BoundGroup<typeof clipsGroup> {
    return boundGroup(this, 'clips', clipsGroup);
  }

  /** The stream schedule: segments, vacation, the iCalendar feed. */
  get schedule(): BoundGroup<typeof scheduleGroup> {
    return boundGroup(this, 'schedule', scheduleGroup);
  }

  /** Raids: start and cancel. */
  get raids(): BoundGroup<typeof raidsGroup> {
    return boundGroup(this, 'raids', raidsGroup);
  }

  /** Ads: start a commercial, the ad schedule, snooze the next ad. */
  get ads(): BoundGroup<typeof adsGroup> {
    return boundGroup(this, 'ads', adsGroup);
  }

  /** Channel points: custom rewards and their redemptions. */
  get channelPoints(): BoundGroup<typeof channelPointsGroup> {
    return boundGroup(this, 'channelPoints', channelPointsGroup);
  }

  /** Polls: list, create, end. */
  get polls(): BoundGroup<typeof pollsGroup> {
    return boundGroup(this, 'polls', pollsGroup);
  }

  /** Predictions: list, create, lock, resolve or cancel. */
  get predictions(): BoundGroup<typeof predictionsGroup> {
    return boundGroup(this, 'predictions', predictionsGroup);
  }

  /** Creator goals: the broadcaster's active goals. */
  get goals(): BoundGroup<typeof goalsGroup> {
    return boundGroup(this, 'goals', goalsGroup);
  }

  /** Hype train: the channel's current or most recent hype train. */
  get hypeTrain(): BoundGroup<typeof hypeTrainGroup> {
    return boundGroup(this, 'hypeTrain', hypeTrainGroup);
  }

  /** Charity: the running campaign and its donations. */
  get charity(): BoundGroup<typeof charityGroup> {
    return boundGroup(this, 'charity', charityGroup);
  }

  /** Bits: the leaderboard, cheermotes, extension transactions. */
  get bits(): BoundGroup<typeof bitsGroup> {
    return boundGroup(this, 'bits', bitsGroup);
  }

  /** Subscriptions: the broadcaster's subscribers, and whether a user subscribes. */
  get subscriptions(): BoundGroup<typeof subscriptionsGroup> {
    return boundGroup(this, 'subscriptions', subscriptionsGroup);
  }

  /** Extensions: configuration segments, PubSub and chat messages, secrets, live channels, released versions, Bits products. Several take an extension JWT (the `extension` option). */
  get extensions(): BoundGroup<typeof extensionsGroup> {
    return boundGroup(this, 'extensions', extensionsGroup);
  }

  /** Analytics: report URLs for extensions and games. */
  get analytics(): BoundGroup<typeof analyticsGroup> {
    return boundGroup(this, 'analytics', analyticsGroup);
  }

  /** Drops entitlements: list and update their fulfillment. */
  get entitlements(): BoundGroup<typeof entitlementsGroup> {
    return boundGroup(this, 'entitlements', entitlementsGroup);
  }
}
