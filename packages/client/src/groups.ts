// The operation groups `Platform` hands out (`client.chat`...). Each group is declared as data in the
// package of its operations (`chatGroup` in `@platform/api-chat/groups`...), so adding an operation touches
// that package only. Each operation of a group is bound to the client (or to the `client.as()` view
// it was read from) and called without the client argument.
import type { BoundGroup } from './bind';
import { chatGroup } from '@platform/api-chat/groups';
import { moderationGroup } from '@platform/api-moderation/groups';
import { guestStarGroup } from '@platform/api-gueststar/groups';
import { usersGroup, channelsGroup, teamsGroup, searchGroup, gamesGroup, contentClassificationLabelsGroup, whispersGroup } from '@platform/api-users/groups';
import { streamsGroup, videosGroup, clipsGroup, scheduleGroup, raidsGroup, adsGroup } from '@platform/api-streams/groups';
import { channelPointsGroup, pollsGroup, predictionsGroup, goalsGroup, hypeTrainGroup, charityGroup, bitsGroup, subscriptionsGroup } from '@platform/api-engagement/groups';
import { extensionsGroup, analyticsGroup, entitlementsGroup } from '@platform/api-extensions/groups';

// The group objects, for the getters of `Platform`.
export {
  chatGroup,
  moderationGroup,
  guestStarGroup,
  usersGroup,
  channelsGroup,
  teamsGroup,
  searchGroup,
  gamesGroup,
  contentClassificationLabelsGroup,
  whispersGroup,
  streamsGroup,
  videosGroup,
  clipsGroup,
  scheduleGroup,
  raidsGroup,
  adsGroup,
  channelPointsGroup,
  pollsGroup,
  predictionsGroup,
  goalsGroup,
  hypeTrainGroup,
  charityGroup,
  bitsGroup,
  subscriptionsGroup,
  extensionsGroup,
  analyticsGroup,
  entitlementsGroup,
};

/** `client.chat`: {@link chatGroup} bound to the client. @useDeclaredType */
export type ChatGroup = BoundGroup<typeof chatGroup>;

/** `client.moderation`: {@link moderationGroup} bound to the client. @useDeclaredType */
export type ModerationGroup = BoundGroup<typeof moderationGroup>;

/** `client.guestStar`: {@link guestStarGroup} bound to the client. @useDeclaredType */
export type GuestStarGroup = BoundGroup<typeof guestStarGroup>;

/** `client.users`: {@link usersGroup} bound to the client. @useDeclaredType */
export type UsersGroup = BoundGroup<typeof usersGroup>;

/** `client.channels`: {@link channelsGroup} bound to the client. @useDeclaredType */
export type ChannelsGroup = BoundGroup<typeof channelsGroup>;

/** `client.teams`: {@link teamsGroup} bound to the client. @useDeclaredType */
export type TeamsGroup = BoundGroup<typeof teamsGroup>;

/** `client.search`: {@link searchGroup} bound to the client. @useDeclaredType */
export type SearchGroup = BoundGroup<typeof searchGroup>;

/** `client.games`: {@link gamesGroup} bound to the client. @useDeclaredType */
export type GamesGroup = BoundGroup<typeof gamesGroup>;

/** `client.contentClassificationLabels`: {@link contentClassificationLabelsGroup} bound to the client. @useDeclaredType */
export type ContentClassificationLabelsGroup = BoundGroup<typeof contentClassificationLabelsGroup>;

/** `client.whispers`: {@link whispersGroup} bound to the client. @useDeclaredType */
export type WhispersGroup = BoundGroup<typeof whispersGroup>;

/** `client.streams`: {@link streamsGroup} bound to the client. @useDeclaredType */
export type StreamsGroup = BoundGroup<typeof streamsGroup>;

/** `client.videos`: {@link videosGroup} bound to the client. @useDeclaredType */
export type VideosGroup = BoundGroup<typeof videosGroup>;

/** `client.clips`: {@link clipsGroup} bound to the client. @useDeclaredType */
export type ClipsGroup = BoundGroup<typeof clipsGroup>;

/** `client.schedule`: {@link scheduleGroup} bound to the client. @useDeclaredType */
export type ScheduleGroup = BoundGroup<typeof scheduleGroup>;

/** `client.raids`: {@link raidsGroup} bound to the client. @useDeclaredType */
export type RaidsGroup = BoundGroup<typeof raidsGroup>;

/** `client.ads`: {@link adsGroup} bound to the client. @useDeclaredType */
export type AdsGroup = BoundGroup<typeof adsGroup>;

/** `client.channelPoints`: {@link channelPointsGroup} bound to the client. @useDeclaredType */
export type ChannelPointsGroup = BoundGroup<typeof channelPointsGroup>;

/** `client.polls`: {@link pollsGroup} bound to the client. @useDeclaredType */
export type PollsGroup = BoundGroup<typeof pollsGroup>;

/** `client.predictions`: {@link predictionsGroup} bound to the client. @useDeclaredType */
export type PredictionsGroup = BoundGroup<typeof predictionsGroup>;

/** `client.goals`: {@link goalsGroup} bound to the client. @useDeclaredType */
export type GoalsGroup = BoundGroup<typeof goalsGroup>;

/** `client.hypeTrain`: {@link hypeTrainGroup} bound to the client. @useDeclaredType */
export type HypeTrainGroup = BoundGroup<typeof hypeTrainGroup>;

/** `client.charity`: {@link charityGroup} bound to the client. @useDeclaredType */
export type CharityGroup = BoundGroup<typeof charityGroup>;

/** `client.bits`: {@link bitsGroup} bound to the client. @useDeclaredType */
export type BitsGroup = BoundGroup<typeof bitsGroup>;

/** `client.subscriptions`: {@link subscriptionsGroup} bound to the client. @useDeclaredType */
export type SubscriptionsGroup = BoundGroup<typeof subscriptionsGroup>;

/** `client.extensions`: {@link extensionsGroup} bound to the client. @useDeclaredType */
export type ExtensionsGroup = BoundGroup<typeof extensionsGroup>;

/** `client.analytics`: {@link analyticsGroup} bound to the client. @useDeclaredType */
export type AnalyticsGroup = BoundGroup<typeof analyticsGroup>;

/** `client.entitlements`: {@link entitlementsGroup} bound to the client. @useDeclaredType */
export type EntitlementsGroup = BoundGroup<typeof entitlementsGroup>;
