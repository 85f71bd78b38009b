import { authOf, platformAuth, type AuthApi, type TokenStore } from '@platform/auth';
import { PlatformClient, PlatformError, type ClientOptions } from '@platform/core';
import { ClientCore } from '@platform/core/internal';
import { boundGroup } from './bind';
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
  type ChatGroup,
  type ModerationGroup,
  type GuestStarGroup,
  type UsersGroup,
  type ChannelsGroup,
  type TeamsGroup,
  type SearchGroup,
  type GamesGroup,
  type ContentClassificationLabelsGroup,
  type WhispersGroup,
  type StreamsGroup,
  type VideosGroup,
  type ClipsGroup,
  type ScheduleGroup,
  type RaidsGroup,
  type AdsGroup,
  type ChannelPointsGroup,
  type PollsGroup,
  type PredictionsGroup,
  type GoalsGroup,
  type HypeTrainGroup,
  type CharityGroup,
  type BitsGroup,
  type SubscriptionsGroup,
  type ExtensionsGroup,
  type AnalyticsGroup,
  type EntitlementsGroup,
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
  get chat(): ChatGroup {
    return boundGroup(this, 'chat', chatGroup);
  }

  /** The moderation operations: bans, unban requests, AutoMod, blocked terms, moderators, VIPs, shield mode, warnings. */
  get moderation(): ModerationGroup {
    return boundGroup(this, 'moderation', moderationGroup);
  }

  /** The guest star operations. Beta: the platform may change them. */
  get guestStar(): GuestStarGroup {
    return boundGroup(this, 'guestStar', guestStarGroup);
  }
  /** Users: look users up by ID or login, update the description, block lists, extensions, authorizations. */
  get users(): UsersGroup {
    return boundGroup(this, 'users', usersGroup);
  }

  /** Channels: information (title, category, tags...), editors, followers and followed channels. */
  get channels(): ChannelsGroup {
    return boundGroup(this, 'channels', channelsGroup);
  }

  /** Teams: a channel's teams, and a team's members. */
  get teams(): TeamsGroup {
    return boundGroup(this, 'teams', teamsGroup);
  }

  /** Search: categories and channels by name. */
  get search(): SearchGroup {
    return boundGroup(this, 'search', searchGroup);
  }

  /** Games (categories): the top games, and games by ID, name or IGDB ID. */
  get games(): GamesGroup {
    return boundGroup(this, 'games', gamesGroup);
  }

  /** The content classification labels a channel can carry. */
  get contentClassificationLabels(): ContentClassificationLabelsGroup {
    return boundGroup(this, 'contentClassificationLabels', contentClassificationLabelsGroup);
  }

  /** Whispers: send one. */
  get whispers(): WhispersGroup {
    return boundGroup(this, 'whispers', whispersGroup);
  }
  /** Streams: live streams, followed streams, the stream key, stream markers. */
  get streams(): StreamsGroup {
    return boundGroup(this, 'streams', streamsGroup);
  }

  /** Videos: list and delete. */
  get videos(): VideosGroup {
    return boundGroup(this, 'videos', videosGroup);
  }

  /** Clips: create (from the live stream or a video), list, download links. */
  get clips(): ClipsGroup {
    return boundGroup(this, 'clips', clipsGroup);
  }

  /** The stream schedule: segments, vacation, the iCalendar feed. */
  get schedule(): ScheduleGroup {
    return boundGroup(this, 'schedule', scheduleGroup);
  }

  /** Raids: start and cancel. */
  get raids(): RaidsGroup {
    return boundGroup(this, 'raids', raidsGroup);
  }

  /** Ads: start a commercial, the ad schedule, snooze the next ad. */
  get ads(): AdsGroup {
    return boundGroup(this, 'ads', adsGroup);
  }

  /** Channel points: custom rewards and their redemptions. */
  get channelPoints(): ChannelPointsGroup {
    return boundGroup(this, 'channelPoints', channelPointsGroup);
  }

  /** Polls: list, create, end. */
  get polls(): PollsGroup {
    return boundGroup(this, 'polls', pollsGroup);
  }

  /** Predictions: list, create, lock, resolve or cancel. */
  get predictions(): PredictionsGroup {
    return boundGroup(this, 'predictions', predictionsGroup);
  }

  /** Creator goals: the broadcaster's active goals. */
  get goals(): GoalsGroup {
    return boundGroup(this, 'goals', goalsGroup);
  }

  /** Hype train: the channel's current or most recent hype train. */
  get hypeTrain(): HypeTrainGroup {
    return boundGroup(this, 'hypeTrain', hypeTrainGroup);
  }

  /** Charity: the running campaign and its donations. */
  get charity(): CharityGroup {
    return boundGroup(this, 'charity', charityGroup);
  }

  /** Bits: the leaderboard, cheermotes, extension transactions, the channel's custom Power-ups. */
  get bits(): BitsGroup {
    return boundGroup(this, 'bits', bitsGroup);
  }

  /** Subscriptions: the broadcaster's subscribers, and whether a user subscribes. */
  get subscriptions(): SubscriptionsGroup {
    return boundGroup(this, 'subscriptions', subscriptionsGroup);
  }

  /** Extensions: configuration segments, PubSub and chat messages, secrets, live channels, released versions, Bits products. Several take an extension JWT (the `extension` option). */
  get extensions(): ExtensionsGroup {
    return boundGroup(this, 'extensions', extensionsGroup);
  }

  /** Analytics: report URLs for extensions and games. */
  get analytics(): AnalyticsGroup {
    return boundGroup(this, 'analytics', analyticsGroup);
  }

  /** Drops entitlements: list and update their fulfillment. */
  get entitlements(): EntitlementsGroup {
    return boundGroup(this, 'entitlements', entitlementsGroup);
  }
}
