import type {
  AutomodMessageHoldEvent,
  AutomodMessageHoldV1Event,
  AutomodMessageUpdateEvent,
  AutomodMessageUpdateV1Event,
  AutomodSettingsUpdateEvent,
  AutomodTermsUpdateEvent,
} from './types/automod';
import type { ChannelBitsUseEvent, ChannelCheerEvent, ChannelCustomPowerUpRedemptionAddEvent } from './types/bits';
import type {
  ChannelAdBreakBeginEvent,
  ChannelFollowEvent,
  ChannelRaidEvent,
  ChannelShoutoutCreateEvent,
  ChannelShoutoutReceiveEvent,
  ChannelUpdateEvent,
} from './types/channel';
import type {
  ChannelChatClearEvent,
  ChannelChatClearUserMessagesEvent,
  ChannelChatMessageDeleteEvent,
  ChannelChatMessageEvent,
  ChannelChatNotificationEvent,
  ChannelChatSettingsUpdateEvent,
  ChannelChatUserMessageHoldEvent,
  ChannelChatUserMessageUpdateEvent,
} from './types/channel-chat';
import type {
  ChannelPointsAutomaticRewardRedemptionAddEvent,
  ChannelPointsAutomaticRewardRedemptionAddV1Event,
  ChannelPointsCustomRewardAddEvent,
  ChannelPointsCustomRewardRedemptionAddEvent,
  ChannelPointsCustomRewardRedemptionUpdateEvent,
  ChannelPointsCustomRewardRemoveEvent,
  ChannelPointsCustomRewardUpdateEvent,
} from './types/channel-points';
import type {
  ChannelCharityCampaignDonateEvent,
  ChannelCharityCampaignProgressEvent,
  ChannelCharityCampaignStartEvent,
  ChannelCharityCampaignStopEvent,
} from './types/charity';
import type {
  BroadcasterCondition,
  BroadcasterModeratorCondition,
  BroadcasterRewardCondition,
  BroadcasterUserCondition,
  ChannelRaidCondition,
  ClientCondition,
  ConduitShardDisabledCondition,
  DropEntitlementGrantCondition,
  ExtensionBitsTransactionCondition,
  UserCondition,
} from './types/conditions';
import type { ConduitShardDisabledEvent } from './types/conduit';
import type { DropEntitlementGrantEvent } from './types/drops';
import type { ExtensionBitsTransactionCreateEvent } from './types/extensions';
import type { ChannelGoalBeginEvent, ChannelGoalEndEvent, ChannelGoalProgressEvent } from './types/goals';
import type {
  ChannelGuestStarGuestUpdateEvent,
  ChannelGuestStarSessionBeginEvent,
  ChannelGuestStarSessionEndEvent,
  ChannelGuestStarSettingsUpdateEvent,
} from './types/guest-star';
import type {
  ChannelHypeTrainBeginEvent,
  ChannelHypeTrainEndEvent,
  ChannelHypeTrainProgressEvent,
} from './types/hype-train';
import type {
  ChannelBanEvent,
  ChannelModerateEvent,
  ChannelModerateV1Event,
  ChannelModeratorAddEvent,
  ChannelModeratorRemoveEvent,
  ChannelShieldModeBeginEvent,
  ChannelShieldModeEndEvent,
  ChannelSuspiciousUserMessageEvent,
  ChannelSuspiciousUserUpdateEvent,
  ChannelUnbanEvent,
  ChannelUnbanRequestCreateEvent,
  ChannelUnbanRequestResolveEvent,
  ChannelVipAddEvent,
  ChannelVipRemoveEvent,
  ChannelWarningAcknowledgeEvent,
  ChannelWarningSendEvent,
} from './types/moderation';
import type { ChannelPollBeginEvent, ChannelPollEndEvent, ChannelPollProgressEvent } from './types/polls';
import type {
  ChannelPredictionBeginEvent,
  ChannelPredictionEndEvent,
  ChannelPredictionLockEvent,
  ChannelPredictionProgressEvent,
} from './types/predictions';
import type {
  ChannelSharedChatBeginEvent,
  ChannelSharedChatEndEvent,
  ChannelSharedChatUpdateEvent,
} from './types/shared-chat';
import type { StreamOfflineEvent, StreamOnlineEvent } from './types/stream';
import type {
  ChannelSubscribeEvent,
  ChannelSubscriptionEndEvent,
  ChannelSubscriptionGiftEvent,
  ChannelSubscriptionMessageEvent,
} from './types/subscriptions';
import type {
  UserAuthorizationGrantEvent,
  UserAuthorizationRevokeEvent,
  UserUpdateEvent,
  UserWhisperMessageEvent,
} from './types/user';

/** The condition and event types of one EventSub type and version. */
export interface EventSubTypeEntry<Condition, Event> {
  condition: Condition;
  event: Event;
}

/**
 * The condition and event type of every EventSub type the library knows: each plain name (its
 * newest version) and each `name@version`, the newest included (`channel.follow@2` is
 * `channel.follow`).
 *
 * @example
 * type Chat = EventSubTypeMap['channel.chat.message']['event']; // ChannelChatMessageEvent
 */
export interface EventSubTypeMap {
  // Plain names: the newest version.
  'automod.message.hold': EventSubTypeMap['automod.message.hold@2'];
  'automod.message.update': EventSubTypeMap['automod.message.update@2'];
  'automod.settings.update': EventSubTypeMap['automod.settings.update@1'];
  'automod.terms.update': EventSubTypeMap['automod.terms.update@1'];
  'channel.ad_break.begin': EventSubTypeMap['channel.ad_break.begin@1'];
  'channel.ban': EventSubTypeMap['channel.ban@1'];
  'channel.bits.use': EventSubTypeMap['channel.bits.use@1'];
  'channel.channel_points_automatic_reward_redemption.add':
    EventSubTypeMap['channel.channel_points_automatic_reward_redemption.add@2'];
  'channel.channel_points_custom_reward.add': EventSubTypeMap['channel.channel_points_custom_reward.add@1'];
  'channel.channel_points_custom_reward.remove': EventSubTypeMap['channel.channel_points_custom_reward.remove@1'];
  'channel.channel_points_custom_reward.update': EventSubTypeMap['channel.channel_points_custom_reward.update@1'];
  'channel.channel_points_custom_reward_redemption.add':
    EventSubTypeMap['channel.channel_points_custom_reward_redemption.add@1'];
  'channel.channel_points_custom_reward_redemption.update':
    EventSubTypeMap['channel.channel_points_custom_reward_redemption.update@1'];
  'channel.charity_campaign.donate': EventSubTypeMap['channel.charity_campaign.donate@1'];
  'channel.charity_campaign.progress': EventSubTypeMap['channel.charity_campaign.progress@1'];
  'channel.charity_campaign.start': EventSubTypeMap['channel.charity_campaign.start@1'];
  'channel.charity_campaign.stop': EventSubTypeMap['channel.charity_campaign.stop@1'];
  'channel.chat.clear': EventSubTypeMap['channel.chat.clear@1'];
  'channel.chat.clear_user_messages': EventSubTypeMap['channel.chat.clear_user_messages@1'];
  'channel.chat.message': EventSubTypeMap['channel.chat.message@1'];
  'channel.chat.message_delete': EventSubTypeMap['channel.chat.message_delete@1'];
  'channel.chat.notification': EventSubTypeMap['channel.chat.notification@1'];
  'channel.chat.user_message_hold': EventSubTypeMap['channel.chat.user_message_hold@1'];
  'channel.chat.user_message_update': EventSubTypeMap['channel.chat.user_message_update@1'];
  'channel.chat_settings.update': EventSubTypeMap['channel.chat_settings.update@1'];
  'channel.cheer': EventSubTypeMap['channel.cheer@1'];
  'channel.custom_power_up_redemption.add': EventSubTypeMap['channel.custom_power_up_redemption.add@1'];
  'channel.follow': EventSubTypeMap['channel.follow@2'];
  'channel.goal.begin': EventSubTypeMap['channel.goal.begin@1'];
  'channel.goal.end': EventSubTypeMap['channel.goal.end@1'];
  'channel.goal.progress': EventSubTypeMap['channel.goal.progress@1'];
  'channel.guest_star_guest.update': EventSubTypeMap['channel.guest_star_guest.update@beta'];
  'channel.guest_star_session.begin': EventSubTypeMap['channel.guest_star_session.begin@beta'];
  'channel.guest_star_session.end': EventSubTypeMap['channel.guest_star_session.end@beta'];
  'channel.guest_star_settings.update': EventSubTypeMap['channel.guest_star_settings.update@beta'];
  'channel.hype_train.begin': EventSubTypeMap['channel.hype_train.begin@2'];
  'channel.hype_train.end': EventSubTypeMap['channel.hype_train.end@2'];
  'channel.hype_train.progress': EventSubTypeMap['channel.hype_train.progress@2'];
  'channel.moderate': EventSubTypeMap['channel.moderate@2'];
  'channel.moderator.add': EventSubTypeMap['channel.moderator.add@1'];
  'channel.moderator.remove': EventSubTypeMap['channel.moderator.remove@1'];
  'channel.poll.begin': EventSubTypeMap['channel.poll.begin@1'];
  'channel.poll.end': EventSubTypeMap['channel.poll.end@1'];
  'channel.poll.progress': EventSubTypeMap['channel.poll.progress@1'];
  'channel.prediction.begin': EventSubTypeMap['channel.prediction.begin@1'];
  'channel.prediction.end': EventSubTypeMap['channel.prediction.end@1'];
  'channel.prediction.lock': EventSubTypeMap['channel.prediction.lock@1'];
  'channel.prediction.progress': EventSubTypeMap['channel.prediction.progress@1'];
  'channel.raid': EventSubTypeMap['channel.raid@1'];
  'channel.shared_chat.begin': EventSubTypeMap['channel.shared_chat.begin@1'];
  'channel.shared_chat.end': EventSubTypeMap['channel.shared_chat.end@1'];
  'channel.shared_chat.update': EventSubTypeMap['channel.shared_chat.update@1'];
  'channel.shield_mode.begin': EventSubTypeMap['channel.shield_mode.begin@1'];
  'channel.shield_mode.end': EventSubTypeMap['channel.shield_mode.end@1'];
  'channel.shoutout.create': EventSubTypeMap['channel.shoutout.create@1'];
  'channel.shoutout.receive': EventSubTypeMap['channel.shoutout.receive@1'];
  'channel.subscribe': EventSubTypeMap['channel.subscribe@1'];
  'channel.subscription.end': EventSubTypeMap['channel.subscription.end@1'];
  'channel.subscription.gift': EventSubTypeMap['channel.subscription.gift@1'];
  'channel.subscription.message': EventSubTypeMap['channel.subscription.message@1'];
  'channel.suspicious_user.message': EventSubTypeMap['channel.suspicious_user.message@1'];
  'channel.suspicious_user.update': EventSubTypeMap['channel.suspicious_user.update@1'];
  'channel.unban': EventSubTypeMap['channel.unban@1'];
  'channel.unban_request.create': EventSubTypeMap['channel.unban_request.create@1'];
  'channel.unban_request.resolve': EventSubTypeMap['channel.unban_request.resolve@1'];
  'channel.update': EventSubTypeMap['channel.update@2'];
  'channel.vip.add': EventSubTypeMap['channel.vip.add@1'];
  'channel.vip.remove': EventSubTypeMap['channel.vip.remove@1'];
  'channel.warning.acknowledge': EventSubTypeMap['channel.warning.acknowledge@1'];
  'channel.warning.send': EventSubTypeMap['channel.warning.send@1'];
  'conduit.shard.disabled': EventSubTypeMap['conduit.shard.disabled@1'];
  'drop.entitlement.grant': EventSubTypeMap['drop.entitlement.grant@1'];
  'extension.bits_transaction.create': EventSubTypeMap['extension.bits_transaction.create@1'];
  'stream.offline': EventSubTypeMap['stream.offline@1'];
  'stream.online': EventSubTypeMap['stream.online@1'];
  'user.authorization.grant': EventSubTypeMap['user.authorization.grant@1'];
  'user.authorization.revoke': EventSubTypeMap['user.authorization.revoke@1'];
  'user.update': EventSubTypeMap['user.update@1'];
  'user.whisper.message': EventSubTypeMap['user.whisper.message@1'];

  // Every version by name.
  'automod.message.hold@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageHoldV1Event>;
  'automod.message.hold@2': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageHoldEvent>;
  'automod.message.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageUpdateV1Event>;
  'automod.message.update@2': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageUpdateEvent>;
  'automod.settings.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodSettingsUpdateEvent>;
  'automod.terms.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodTermsUpdateEvent>;
  'channel.ad_break.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelAdBreakBeginEvent>;
  'channel.ban@1': EventSubTypeEntry<BroadcasterCondition, ChannelBanEvent>;
  'channel.bits.use@1': EventSubTypeEntry<BroadcasterCondition, ChannelBitsUseEvent>;
  'channel.channel_points_automatic_reward_redemption.add@1':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsAutomaticRewardRedemptionAddV1Event>;
  'channel.channel_points_automatic_reward_redemption.add@2':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsAutomaticRewardRedemptionAddEvent>;
  'channel.channel_points_custom_reward.add@1':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsCustomRewardAddEvent>;
  'channel.channel_points_custom_reward.remove@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRemoveEvent>;
  'channel.channel_points_custom_reward.update@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardUpdateEvent>;
  'channel.channel_points_custom_reward_redemption.add@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRedemptionAddEvent>;
  'channel.channel_points_custom_reward_redemption.update@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRedemptionUpdateEvent>;
  'channel.charity_campaign.donate@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignDonateEvent>;
  'channel.charity_campaign.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignProgressEvent>;
  'channel.charity_campaign.start@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignStartEvent>;
  'channel.charity_campaign.stop@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignStopEvent>;
  'channel.chat.clear@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatClearEvent>;
  'channel.chat.clear_user_messages@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatClearUserMessagesEvent>;
  'channel.chat.message@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatMessageEvent>;
  'channel.chat.message_delete@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatMessageDeleteEvent>;
  'channel.chat.notification@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatNotificationEvent>;
  'channel.chat.user_message_hold@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatUserMessageHoldEvent>;
  'channel.chat.user_message_update@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatUserMessageUpdateEvent>;
  'channel.chat_settings.update@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatSettingsUpdateEvent>;
  'channel.cheer@1': EventSubTypeEntry<BroadcasterCondition, ChannelCheerEvent>;
  'channel.custom_power_up_redemption.add@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelCustomPowerUpRedemptionAddEvent>;
  'channel.follow@2': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelFollowEvent>;
  'channel.goal.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalBeginEvent>;
  'channel.goal.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalEndEvent>;
  'channel.goal.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalProgressEvent>;
  'channel.guest_star_guest.update@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarGuestUpdateEvent>;
  'channel.guest_star_session.begin@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSessionBeginEvent>;
  'channel.guest_star_session.end@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSessionEndEvent>;
  'channel.guest_star_settings.update@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSettingsUpdateEvent>;
  'channel.hype_train.begin@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainBeginEvent>;
  'channel.hype_train.end@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainEndEvent>;
  'channel.hype_train.progress@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainProgressEvent>;
  'channel.moderate@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelModerateV1Event>;
  'channel.moderate@2': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelModerateEvent>;
  'channel.moderator.add@1': EventSubTypeEntry<BroadcasterCondition, ChannelModeratorAddEvent>;
  'channel.moderator.remove@1': EventSubTypeEntry<BroadcasterCondition, ChannelModeratorRemoveEvent>;
  'channel.poll.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollBeginEvent>;
  'channel.poll.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollEndEvent>;
  'channel.poll.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollProgressEvent>;
  'channel.prediction.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionBeginEvent>;
  'channel.prediction.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionEndEvent>;
  'channel.prediction.lock@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionLockEvent>;
  'channel.prediction.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionProgressEvent>;
  'channel.raid@1': EventSubTypeEntry<ChannelRaidCondition, ChannelRaidEvent>;
  'channel.shared_chat.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatBeginEvent>;
  'channel.shared_chat.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatEndEvent>;
  'channel.shared_chat.update@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatUpdateEvent>;
  'channel.shield_mode.begin@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShieldModeBeginEvent>;
  'channel.shield_mode.end@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShieldModeEndEvent>;
  'channel.shoutout.create@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShoutoutCreateEvent>;
  'channel.shoutout.receive@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShoutoutReceiveEvent>;
  'channel.subscribe@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscribeEvent>;
  'channel.subscription.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionEndEvent>;
  'channel.subscription.gift@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionGiftEvent>;
  'channel.subscription.message@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionMessageEvent>;
  'channel.suspicious_user.message@1':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelSuspiciousUserMessageEvent>;
  'channel.suspicious_user.update@1':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelSuspiciousUserUpdateEvent>;
  'channel.unban@1': EventSubTypeEntry<BroadcasterCondition, ChannelUnbanEvent>;
  'channel.unban_request.create@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelUnbanRequestCreateEvent>;
  'channel.unban_request.resolve@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelUnbanRequestResolveEvent>;
  'channel.update@2': EventSubTypeEntry<BroadcasterCondition, ChannelUpdateEvent>;
  'channel.vip.add@1': EventSubTypeEntry<BroadcasterCondition, ChannelVipAddEvent>;
  'channel.vip.remove@1': EventSubTypeEntry<BroadcasterCondition, ChannelVipRemoveEvent>;
  'channel.warning.acknowledge@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelWarningAcknowledgeEvent>;
  'channel.warning.send@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelWarningSendEvent>;
  'conduit.shard.disabled@1': EventSubTypeEntry<ConduitShardDisabledCondition, ConduitShardDisabledEvent>;
  'drop.entitlement.grant@1': EventSubTypeEntry<DropEntitlementGrantCondition, DropEntitlementGrantEvent>;
  'extension.bits_transaction.create@1':
    EventSubTypeEntry<ExtensionBitsTransactionCondition, ExtensionBitsTransactionCreateEvent>;
  'stream.offline@1': EventSubTypeEntry<BroadcasterCondition, StreamOfflineEvent>;
  'stream.online@1': EventSubTypeEntry<BroadcasterCondition, StreamOnlineEvent>;
  'user.authorization.grant@1': EventSubTypeEntry<ClientCondition, UserAuthorizationGrantEvent>;
  'user.authorization.revoke@1': EventSubTypeEntry<ClientCondition, UserAuthorizationRevokeEvent>;
  'user.update@1': EventSubTypeEntry<UserCondition, UserUpdateEvent>;
  'user.whisper.message@1': EventSubTypeEntry<UserCondition, UserWhisperMessageEvent>;
}

/** A name the catalogue knows: a plain name or a `name@version`. */
export type EventSubTypeName = Extract<keyof EventSubTypeMap, string>;

/** A known name, or any `name@version` (unknown ones are allowed and untyped). */
export type EventSubName = EventSubTypeName | `${string}@${string}`;

/**
 * The condition type of an EventSub type name; a record of strings for an unknown `name@version`.
 *
 * @example
 * const condition: ConditionOf<'channel.follow'> = { broadcaster_user_id: '1', moderator_user_id: '2' };
 */
export type ConditionOf<T extends string> = T extends keyof EventSubTypeMap
  ? EventSubTypeMap[T]['condition']
  : Record<string, string>;

/**
 * The event type of an EventSub type name (for `drop.entitlement.grant`, the batch array); unknown
 * for an unknown `name@version`.
 *
 * @example
 * function onFollow(event: EventOf<'channel.follow'>) { console.log(event.user_name); }
 */
export type EventOf<T extends string> = T extends keyof EventSubTypeMap ? EventSubTypeMap[T]['event'] : unknown;
