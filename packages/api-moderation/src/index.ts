/**
 * The moderation operations of the platform client, one standalone function each, taking the
 * client first: bans and timeouts, unban requests, AutoMod, blocked terms, chat message deletion,
 * moderators, VIPs, Shield Mode, warnings and suspicious users. Each has its declaration
 * (`<operation>Operation`) and its parameter type (`<Operation>Params`).
 *
 * @example
 * import { createClient } from '@platform/core';
 * import { ban } from '@platform/api-moderation';
 * await ban(createClient({ clientId, token }), { broadcaster_id, moderator_id, user_id, duration: 600 });
 *
 * @packageDocumentation
 */

export { checkAutoMod, checkAutoModOperation, type CheckAutoModParams } from './operations/check-auto-mod';
export { manageAutoModMessage, manageAutoModMessageOperation, type ManageAutoModMessageParams } from './operations/manage-auto-mod-message';
export { autoModSettings, autoModSettingsOperation, type AutoModSettingsParams } from './operations/auto-mod-settings';
export { updateAutoModSettings, updateAutoModSettingsOperation, type UpdateAutoModSettingsParams } from './operations/update-auto-mod-settings';
export { bans, bansOperation, type BansParams } from './operations/bans';
export { ban, banOperation, type BanParams } from './operations/ban';
export { unban, unbanOperation, type UnbanParams } from './operations/unban';
export { unbanRequests, unbanRequestsOperation, type UnbanRequestsParams } from './operations/unban-requests';
export { resolveUnbanRequest, resolveUnbanRequestOperation, type ResolveUnbanRequestParams } from './operations/resolve-unban-request';
export { blockedTerms, blockedTermsOperation, type BlockedTermsParams } from './operations/blocked-terms';
export { addBlockedTerm, addBlockedTermOperation, type AddBlockedTermParams } from './operations/add-blocked-term';
export { removeBlockedTerm, removeBlockedTermOperation, type RemoveBlockedTermParams } from './operations/remove-blocked-term';
export { deleteMessages, deleteMessagesOperation, type DeleteMessagesParams } from './operations/delete-messages';
export { moderatedChannels, moderatedChannelsOperation, type ModeratedChannelsParams } from './operations/moderated-channels';
export { moderators, moderatorsOperation, type ModeratorsParams } from './operations/moderators';
export { addModerator, addModeratorOperation, type AddModeratorParams } from './operations/add-moderator';
export { removeModerator, removeModeratorOperation, type RemoveModeratorParams } from './operations/remove-moderator';
export { vips, vipsOperation, type VipsParams } from './operations/vips';
export { addVip, addVipOperation, type AddVipParams } from './operations/add-vip';
export { removeVip, removeVipOperation, type RemoveVipParams } from './operations/remove-vip';
export { updateShieldMode, updateShieldModeOperation, type UpdateShieldModeParams } from './operations/update-shield-mode';
export { shieldMode, shieldModeOperation, type ShieldModeParams } from './operations/shield-mode';
export { warn, warnOperation, type WarnParams } from './operations/warn';
export { addSuspiciousStatus, addSuspiciousStatusOperation, type AddSuspiciousStatusParams } from './operations/add-suspicious-status';
export { removeSuspiciousStatus, removeSuspiciousStatusOperation, type RemoveSuspiciousStatusParams } from './operations/remove-suspicious-status';
export type {
  AutoModCheckMessage,
  AutoModCheckResult,
  AutoModSettings,
  BannedUser,
  BlockedTerm,
  ChannelModerator,
  ChannelVip,
  ModeratedChannel,
  ShieldModeStatus,
  SuspiciousUser,
  SuspiciousUserStatus,
  SuspiciousUserType,
  UnbanRequest,
  UnbanRequestStatus,
  UserBan,
  UserWarning,
} from './types';
