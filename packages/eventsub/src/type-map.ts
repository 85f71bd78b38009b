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
  /** The condition a subscription to the type takes. */
  condition: Condition;
  /** The event a notification of the type carries. */
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
  /** The newest version: `automod.message.hold@2`. */
  'automod.message.hold': EventSubTypeMap['automod.message.hold@2'];
  /** The newest version: `automod.message.update@2`. */
  'automod.message.update': EventSubTypeMap['automod.message.update@2'];
  /** The newest version: `automod.settings.update@1`. */
  'automod.settings.update': EventSubTypeMap['automod.settings.update@1'];
  /** The newest version: `automod.terms.update@1`. */
  'automod.terms.update': EventSubTypeMap['automod.terms.update@1'];
  /** The newest version: `channel.ad_break.begin@1`. */
  'channel.ad_break.begin': EventSubTypeMap['channel.ad_break.begin@1'];
  /** The newest version: `channel.ban@1`. */
  'channel.ban': EventSubTypeMap['channel.ban@1'];
  /** The newest version: `channel.bits.use@1`. */
  'channel.bits.use': EventSubTypeMap['channel.bits.use@1'];
  /** The newest version: `channel.channel_points_automatic_reward_redemption.add@2`. */
  'channel.channel_points_automatic_reward_redemption.add':
    EventSubTypeMap['channel.channel_points_automatic_reward_redemption.add@2'];
  /** The newest version: `channel.channel_points_custom_reward.add@1`. */
  'channel.channel_points_custom_reward.add': EventSubTypeMap['channel.channel_points_custom_reward.add@1'];
  /** The newest version: `channel.channel_points_custom_reward.remove@1`. */
  'channel.channel_points_custom_reward.remove': EventSubTypeMap['channel.channel_points_custom_reward.remove@1'];
  /** The newest version: `channel.channel_points_custom_reward.update@1`. */
  'channel.channel_points_custom_reward.update': EventSubTypeMap['channel.channel_points_custom_reward.update@1'];
  /** The newest version: `channel.channel_points_custom_reward_redemption.add@1`. */
  'channel.channel_points_custom_reward_redemption.add':
    EventSubTypeMap['channel.channel_points_custom_reward_redemption.add@1'];
  /** The newest version: `channel.channel_points_custom_reward_redemption.update@1`. */
  'channel.channel_points_custom_reward_redemption.update':
    EventSubTypeMap['channel.channel_points_custom_reward_redemption.update@1'];
  /** The newest version: `channel.charity_campaign.donate@1`. */
  'channel.charity_campaign.donate': EventSubTypeMap['channel.charity_campaign.donate@1'];
  /** The newest version: `channel.charity_campaign.progress@1`. */
  'channel.charity_campaign.progress': EventSubTypeMap['channel.charity_campaign.progress@1'];
  /** The newest version: `channel.charity_campaign.start@1`. */
  'channel.charity_campaign.start': EventSubTypeMap['channel.charity_campaign.start@1'];
  /** The newest version: `channel.charity_campaign.stop@1`. */
  'channel.charity_campaign.stop': EventSubTypeMap['channel.charity_campaign.stop@1'];
  /** The newest version: `channel.chat.clear@1`. */
  'channel.chat.clear': EventSubTypeMap['channel.chat.clear@1'];
  /** The newest version: `channel.chat.clear_user_messages@1`. */
  'channel.chat.clear_user_messages': EventSubTypeMap['channel.chat.clear_user_messages@1'];
  /** The newest version: `channel.chat.message@1`. */
  'channel.chat.message': EventSubTypeMap['channel.chat.message@1'];
  /** The newest version: `channel.chat.message_delete@1`. */
  'channel.chat.message_delete': EventSubTypeMap['channel.chat.message_delete@1'];
  /** The newest version: `channel.chat.notification@1`. */
  'channel.chat.notification': EventSubTypeMap['channel.chat.notification@1'];
  /** The newest version: `channel.chat.user_message_hold@1`. */
  'channel.chat.user_message_hold': EventSubTypeMap['channel.chat.user_message_hold@1'];
  /** The newest version: `channel.chat.user_message_update@1`. */
  'channel.chat.user_message_update': EventSubTypeMap['channel.chat.user_message_update@1'];
  /** The newest version: `channel.chat_settings.update@1`. */
  'channel.chat_settings.update': EventSubTypeMap['channel.chat_settings.update@1'];
  /** The newest version: `channel.cheer@1`. */
  'channel.cheer': EventSubTypeMap['channel.cheer@1'];
  /** The newest version: `channel.custom_power_up_redemption.add@1`. */
  'channel.custom_power_up_redemption.add': EventSubTypeMap['channel.custom_power_up_redemption.add@1'];
  /** The newest version: `channel.follow@2`. */
  'channel.follow': EventSubTypeMap['channel.follow@2'];
  /** The newest version: `channel.goal.begin@1`. */
  'channel.goal.begin': EventSubTypeMap['channel.goal.begin@1'];
  /** The newest version: `channel.goal.end@1`. */
  'channel.goal.end': EventSubTypeMap['channel.goal.end@1'];
  /** The newest version: `channel.goal.progress@1`. */
  'channel.goal.progress': EventSubTypeMap['channel.goal.progress@1'];
  /** The newest version: `channel.guest_star_guest.update@beta`. */
  'channel.guest_star_guest.update': EventSubTypeMap['channel.guest_star_guest.update@beta'];
  /** The newest version: `channel.guest_star_session.begin@beta`. */
  'channel.guest_star_session.begin': EventSubTypeMap['channel.guest_star_session.begin@beta'];
  /** The newest version: `channel.guest_star_session.end@beta`. */
  'channel.guest_star_session.end': EventSubTypeMap['channel.guest_star_session.end@beta'];
  /** The newest version: `channel.guest_star_settings.update@beta`. */
  'channel.guest_star_settings.update': EventSubTypeMap['channel.guest_star_settings.update@beta'];
  /** The newest version: `channel.hype_train.begin@2`. */
  'channel.hype_train.begin': EventSubTypeMap['channel.hype_train.begin@2'];
  /** The newest version: `channel.hype_train.end@2`. */
  'channel.hype_train.end': EventSubTypeMap['channel.hype_train.end@2'];
  /** The newest version: `channel.hype_train.progress@2`. */
  'channel.hype_train.progress': EventSubTypeMap['channel.hype_train.progress@2'];
  /** The newest version: `channel.moderate@2`. */
  'channel.moderate': EventSubTypeMap['channel.moderate@2'];
  /** The newest version: `channel.moderator.add@1`. */
  'channel.moderator.add': EventSubTypeMap['channel.moderator.add@1'];
  /** The newest version: `channel.moderator.remove@1`. */
  'channel.moderator.remove': EventSubTypeMap['channel.moderator.remove@1'];
  /** The newest version: `channel.poll.begin@1`. */
  'channel.poll.begin': EventSubTypeMap['channel.poll.begin@1'];
  /** The newest version: `channel.poll.end@1`. */
  'channel.poll.end': EventSubTypeMap['channel.poll.end@1'];
  /** The newest version: `channel.poll.progress@1`. */
  'channel.poll.progress': EventSubTypeMap['channel.poll.progress@1'];
  /** The newest version: `channel.prediction.begin@1`. */
  'channel.prediction.begin': EventSubTypeMap['channel.prediction.begin@1'];
  /** The newest version: `channel.prediction.end@1`. */
  'channel.prediction.end': EventSubTypeMap['channel.prediction.end@1'];
  /** The newest version: `channel.prediction.lock@1`. */
  'channel.prediction.lock': EventSubTypeMap['channel.prediction.lock@1'];
  /** The newest version: `channel.prediction.progress@1`. */
  'channel.prediction.progress': EventSubTypeMap['channel.prediction.progress@1'];
  /** The newest version: `channel.raid@1`. */
  'channel.raid': EventSubTypeMap['channel.raid@1'];
  /** The newest version: `channel.shared_chat.begin@1`. */
  'channel.shared_chat.begin': EventSubTypeMap['channel.shared_chat.begin@1'];
  /** The newest version: `channel.shared_chat.end@1`. */
  'channel.shared_chat.end': EventSubTypeMap['channel.shared_chat.end@1'];
  /** The newest version: `channel.shared_chat.update@1`. */
  'channel.shared_chat.update': EventSubTypeMap['channel.shared_chat.update@1'];
  /** The newest version: `channel.shield_mode.begin@1`. */
  'channel.shield_mode.begin': EventSubTypeMap['channel.shield_mode.begin@1'];
  /** The newest version: `channel.shield_mode.end@1`. */
  'channel.shield_mode.end': EventSubTypeMap['channel.shield_mode.end@1'];
  /** The newest version: `channel.shoutout.create@1`. */
  'channel.shoutout.create': EventSubTypeMap['channel.shoutout.create@1'];
  /** The newest version: `channel.shoutout.receive@1`. */
  'channel.shoutout.receive': EventSubTypeMap['channel.shoutout.receive@1'];
  /** The newest version: `channel.subscribe@1`. */
  'channel.subscribe': EventSubTypeMap['channel.subscribe@1'];
  /** The newest version: `channel.subscription.end@1`. */
  'channel.subscription.end': EventSubTypeMap['channel.subscription.end@1'];
  /** The newest version: `channel.subscription.gift@1`. */
  'channel.subscription.gift': EventSubTypeMap['channel.subscription.gift@1'];
  /** The newest version: `channel.subscription.message@1`. */
  'channel.subscription.message': EventSubTypeMap['channel.subscription.message@1'];
  /** The newest version: `channel.suspicious_user.message@1`. */
  'channel.suspicious_user.message': EventSubTypeMap['channel.suspicious_user.message@1'];
  /** The newest version: `channel.suspicious_user.update@1`. */
  'channel.suspicious_user.update': EventSubTypeMap['channel.suspicious_user.update@1'];
  /** The newest version: `channel.unban@1`. */
  'channel.unban': EventSubTypeMap['channel.unban@1'];
  /** The newest version: `channel.unban_request.create@1`. */
  'channel.unban_request.create': EventSubTypeMap['channel.unban_request.create@1'];
  /** The newest version: `channel.unban_request.resolve@1`. */
  'channel.unban_request.resolve': EventSubTypeMap['channel.unban_request.resolve@1'];
  /** The newest version: `channel.update@2`. */
  'channel.update': EventSubTypeMap['channel.update@2'];
  /** The newest version: `channel.vip.add@1`. */
  'channel.vip.add': EventSubTypeMap['channel.vip.add@1'];
  /** The newest version: `channel.vip.remove@1`. */
  'channel.vip.remove': EventSubTypeMap['channel.vip.remove@1'];
  /** The newest version: `channel.warning.acknowledge@1`. */
  'channel.warning.acknowledge': EventSubTypeMap['channel.warning.acknowledge@1'];
  /** The newest version: `channel.warning.send@1`. */
  'channel.warning.send': EventSubTypeMap['channel.warning.send@1'];
  /** The newest version: `conduit.shard.disabled@1`. */
  'conduit.shard.disabled': EventSubTypeMap['conduit.shard.disabled@1'];
  /** The newest version: `drop.entitlement.grant@1`. */
  'drop.entitlement.grant': EventSubTypeMap['drop.entitlement.grant@1'];
  /** The newest version: `extension.bits_transaction.create@1`. */
  'extension.bits_transaction.create': EventSubTypeMap['extension.bits_transaction.create@1'];
  /** The newest version: `stream.offline@1`. */
  'stream.offline': EventSubTypeMap['stream.offline@1'];
  /** The newest version: `stream.online@1`. */
  'stream.online': EventSubTypeMap['stream.online@1'];
  /** The newest version: `user.authorization.grant@1`. */
  'user.authorization.grant': EventSubTypeMap['user.authorization.grant@1'];
  /** The newest version: `user.authorization.revoke@1`. */
  'user.authorization.revoke': EventSubTypeMap['user.authorization.revoke@1'];
  /** The newest version: `user.update@1`. */
  'user.update': EventSubTypeMap['user.update@1'];
  /** The newest version: `user.whisper.message@1`. */
  'user.whisper.message': EventSubTypeMap['user.whisper.message@1'];

  // Every version by name.
  /** Version 1: AutoMod held a message (older payload, without the reason). */
  'automod.message.hold@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageHoldV1Event>;
  /** Version 2: AutoMod held a message (public blocked terms only). */
  'automod.message.hold@2': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageHoldEvent>;
  /** Version 1: a queued message was approved, denied or expired (older payload, without the reason). */
  'automod.message.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageUpdateV1Event>;
  /** Version 2: a queued message was approved, denied or expired (public terms only). */
  'automod.message.update@2': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodMessageUpdateEvent>;
  /** Version 1: AutoMod settings changed. */
  'automod.settings.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodSettingsUpdateEvent>;
  /** Version 1: permitted or blocked terms changed (private terms not sent). */
  'automod.terms.update@1': EventSubTypeEntry<BroadcasterModeratorCondition, AutomodTermsUpdateEvent>;
  /** Version 1: a midroll ad break started. */
  'channel.ad_break.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelAdBreakBeginEvent>;
  /** Version 1: a viewer was banned or timed out. */
  'channel.ban@1': EventSubTypeEntry<BroadcasterCondition, ChannelBanEvent>;
  /** Version 1: Bits used via cheer or Power-up (extensions excluded). */
  'channel.bits.use@1': EventSubTypeEntry<BroadcasterCondition, ChannelBitsUseEvent>;
  /** Version 1: an automatic reward was redeemed (message with emote positions). */
  'channel.channel_points_automatic_reward_redemption.add@1':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsAutomaticRewardRedemptionAddV1Event>;
  /** Version 2: an automatic reward was redeemed (message split into fragments). */
  'channel.channel_points_automatic_reward_redemption.add@2':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsAutomaticRewardRedemptionAddEvent>;
  /** Version 1: a custom reward was created. */
  'channel.channel_points_custom_reward.add@1':
    EventSubTypeEntry<BroadcasterCondition, ChannelPointsCustomRewardAddEvent>;
  /** Version 1: a custom reward was deleted. */
  'channel.channel_points_custom_reward.remove@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRemoveEvent>;
  /** Version 1: a custom reward was edited. */
  'channel.channel_points_custom_reward.update@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardUpdateEvent>;
  /** Version 1: a custom reward was redeemed. */
  'channel.channel_points_custom_reward_redemption.add@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRedemptionAddEvent>;
  /** Version 1: a redemption was fulfilled or canceled. */
  'channel.channel_points_custom_reward_redemption.update@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelPointsCustomRewardRedemptionUpdateEvent>;
  /** Version 1: a viewer donated to a charity campaign. */
  'channel.charity_campaign.donate@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignDonateEvent>;
  /** Version 1: a charity campaign progressed or its goal changed. */
  'channel.charity_campaign.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignProgressEvent>;
  /** Version 1: a charity campaign started. */
  'channel.charity_campaign.start@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignStartEvent>;
  /** Version 1: a charity campaign stopped. */
  'channel.charity_campaign.stop@1': EventSubTypeEntry<BroadcasterCondition, ChannelCharityCampaignStopEvent>;
  /** Version 1: all messages cleared. */
  'channel.chat.clear@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatClearEvent>;
  /** Version 1: all messages of one user cleared after ban or timeout. */
  'channel.chat.clear_user_messages@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatClearUserMessagesEvent>;
  /** Version 1: a message was sent. */
  'channel.chat.message@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatMessageEvent>;
  /** Version 1: one message removed by a moderator. */
  'channel.chat.message_delete@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatMessageDeleteEvent>;
  /** Version 1: a chat notice (subscription, gift, raid, announcement...). */
  'channel.chat.notification@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatNotificationEvent>;
  /** Version 1: AutoMod held a message of the user (`user_id`). */
  'channel.chat.user_message_hold@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatUserMessageHoldEvent>;
  /** Version 1: the AutoMod status of a held message of the user (`user_id`) changed. */
  'channel.chat.user_message_update@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatUserMessageUpdateEvent>;
  /** Version 1: chat mode settings changed. */
  'channel.chat_settings.update@1': EventSubTypeEntry<BroadcasterUserCondition, ChannelChatSettingsUpdateEvent>;
  /** Version 1: a user cheered. */
  'channel.cheer@1': EventSubTypeEntry<BroadcasterCondition, ChannelCheerEvent>;
  /** Version 1: a custom Power-up was redeemed. */
  'channel.custom_power_up_redemption.add@1':
    EventSubTypeEntry<BroadcasterRewardCondition, ChannelCustomPowerUpRedemptionAddEvent>;
  /** Version 2: someone followed. */
  'channel.follow@2': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelFollowEvent>;
  /** Version 1: a creator goal started. */
  'channel.goal.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalBeginEvent>;
  /** Version 1: a goal ended. */
  'channel.goal.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalEndEvent>;
  /** Version 1: a goal moved forward or backward. */
  'channel.goal.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelGoalProgressEvent>;
  /** Beta: a guest or slot changed in a running Guest Star session. */
  'channel.guest_star_guest.update@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarGuestUpdateEvent>;
  /** Beta: a Guest Star session started. */
  'channel.guest_star_session.begin@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSessionBeginEvent>;
  /** Beta: a Guest Star session ended (by host or platform). */
  'channel.guest_star_session.end@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSessionEndEvent>;
  /** Beta: the host changed Guest Star preferences. */
  'channel.guest_star_settings.update@beta':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelGuestStarSettingsUpdateEvent>;
  /** Version 2: a Hype Train started. */
  'channel.hype_train.begin@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainBeginEvent>;
  /** Version 2: a Hype Train ended. */
  'channel.hype_train.end@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainEndEvent>;
  /** Version 2: a contribution moved the train forward. */
  'channel.hype_train.progress@2': EventSubTypeEntry<BroadcasterCondition, ChannelHypeTrainProgressEvent>;
  /** Version 1: a moderation action, warnings not reported. */
  'channel.moderate@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelModerateV1Event>;
  /** Version 2: a moderation action, warnings included. */
  'channel.moderate@2': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelModerateEvent>;
  /** Version 1: a user became moderator. */
  'channel.moderator.add@1': EventSubTypeEntry<BroadcasterCondition, ChannelModeratorAddEvent>;
  /** Version 1: a user lost moderator status. */
  'channel.moderator.remove@1': EventSubTypeEntry<BroadcasterCondition, ChannelModeratorRemoveEvent>;
  /** Version 1: a poll started. */
  'channel.poll.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollBeginEvent>;
  /** Version 1: a poll ended. */
  'channel.poll.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollEndEvent>;
  /** Version 1: a poll received votes. */
  'channel.poll.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelPollProgressEvent>;
  /** Version 1: a prediction started. */
  'channel.prediction.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionBeginEvent>;
  /** Version 1: a prediction ended (resolved or canceled). */
  'channel.prediction.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionEndEvent>;
  /** Version 1: a prediction's betting closed. */
  'channel.prediction.lock@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionLockEvent>;
  /** Version 1: bets placed on a prediction. */
  'channel.prediction.progress@1': EventSubTypeEntry<BroadcasterCondition, ChannelPredictionProgressEvent>;
  /** Version 1: a broadcaster raided another channel. */
  'channel.raid@1': EventSubTypeEntry<ChannelRaidCondition, ChannelRaidEvent>;
  /** Version 1: the channel became active in a shared chat session. */
  'channel.shared_chat.begin@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatBeginEvent>;
  /** Version 1: the channel left the session or the session ended. */
  'channel.shared_chat.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatEndEvent>;
  /** Version 1: the session changed (for example its participants). */
  'channel.shared_chat.update@1': EventSubTypeEntry<BroadcasterCondition, ChannelSharedChatUpdateEvent>;
  /** Version 1: Shield Mode turned on. */
  'channel.shield_mode.begin@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShieldModeBeginEvent>;
  /** Version 1: Shield Mode turned off. */
  'channel.shield_mode.end@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShieldModeEndEvent>;
  /** Version 1: a shoutout was sent. */
  'channel.shoutout.create@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShoutoutCreateEvent>;
  /** Version 1: a shoutout was received (only when posted to the activity feed). */
  'channel.shoutout.receive@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelShoutoutReceiveEvent>;
  /** Version 1: a user subscribed (resubscriptions excluded). */
  'channel.subscribe@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscribeEvent>;
  /** Version 1: a subscription ended. */
  'channel.subscription.end@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionEndEvent>;
  /** Version 1: subscriptions were gifted. */
  'channel.subscription.gift@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionGiftEvent>;
  /** Version 1: a resubscription message was shared. */
  'channel.subscription.message@1': EventSubTypeEntry<BroadcasterCondition, ChannelSubscriptionMessageEvent>;
  /** Version 1: a flagged user sent a message. */
  'channel.suspicious_user.message@1':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelSuspiciousUserMessageEvent>;
  /** Version 1: treatment of a suspicious user changed. */
  'channel.suspicious_user.update@1':
    EventSubTypeEntry<BroadcasterModeratorCondition, ChannelSuspiciousUserUpdateEvent>;
  /** Version 1: a viewer was unbanned. */
  'channel.unban@1': EventSubTypeEntry<BroadcasterCondition, ChannelUnbanEvent>;
  /** Version 1: a banned user created a request. */
  'channel.unban_request.create@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelUnbanRequestCreateEvent>;
  /** Version 1: a request was approved, denied or canceled. */
  'channel.unban_request.resolve@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelUnbanRequestResolveEvent>;
  /** Version 2: title, category, language or content labels changed. */
  'channel.update@2': EventSubTypeEntry<BroadcasterCondition, ChannelUpdateEvent>;
  /** Version 1: a user became VIP. */
  'channel.vip.add@1': EventSubTypeEntry<BroadcasterCondition, ChannelVipAddEvent>;
  /** Version 1: a user stopped being VIP. */
  'channel.vip.remove@1': EventSubTypeEntry<BroadcasterCondition, ChannelVipRemoveEvent>;
  /** Version 1: a user acknowledged a warning. */
  'channel.warning.acknowledge@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelWarningAcknowledgeEvent>;
  /** Version 1: a warning was sent. */
  'channel.warning.send@1': EventSubTypeEntry<BroadcasterModeratorCondition, ChannelWarningSendEvent>;
  /** Version 1: a conduit shard was disabled because its transport state changed. */
  'conduit.shard.disabled@1': EventSubTypeEntry<ConduitShardDisabledCondition, ConduitShardDisabledEvent>;
  /** Version 1: Drop entitlements were granted (the event is the batch array). */
  'drop.entitlement.grant@1': EventSubTypeEntry<DropEntitlementGrantCondition, DropEntitlementGrantEvent>;
  /** Version 1: a Bits transaction happened in an extension. */
  'extension.bits_transaction.create@1':
    EventSubTypeEntry<ExtensionBitsTransactionCondition, ExtensionBitsTransactionCreateEvent>;
  /** Version 1: the broadcaster stopped streaming. */
  'stream.offline@1': EventSubTypeEntry<BroadcasterCondition, StreamOfflineEvent>;
  /** Version 1: the broadcaster started a stream. */
  'stream.online@1': EventSubTypeEntry<BroadcasterCondition, StreamOnlineEvent>;
  /** Version 1: a user authorized the application. */
  'user.authorization.grant@1': EventSubTypeEntry<ClientCondition, UserAuthorizationGrantEvent>;
  /** Version 1: the application lost a user's authorization. */
  'user.authorization.revoke@1': EventSubTypeEntry<ClientCondition, UserAuthorizationRevokeEvent>;
  /** Version 1: a user changed their account. */
  'user.update@1': EventSubTypeEntry<UserCondition, UserUpdateEvent>;
  /** Version 1: the user received a whisper. */
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
