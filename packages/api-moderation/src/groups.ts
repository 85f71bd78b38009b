// `@platform/api-moderation/groups`, the operation group of the package as data: `moderationGroup`
// lists the operations that `Platform` binds as `client.moderation`, so a new operation joins the
// group here, in its own package. A subpath of its own keeps this data out of the package's index, and
// so out of the names `@platform/client` re-exports.
import { checkAutoMod } from './operations/check-auto-mod';
import { manageAutoModMessage } from './operations/manage-auto-mod-message';
import { autoModSettings } from './operations/auto-mod-settings';
import { updateAutoModSettings } from './operations/update-auto-mod-settings';
import { bans } from './operations/bans';
import { ban } from './operations/ban';
import { unban } from './operations/unban';
import { unbanRequests } from './operations/unban-requests';
import { resolveUnbanRequest } from './operations/resolve-unban-request';
import { blockedTerms } from './operations/blocked-terms';
import { addBlockedTerm } from './operations/add-blocked-term';
import { removeBlockedTerm } from './operations/remove-blocked-term';
import { deleteMessages } from './operations/delete-messages';
import { moderatedChannels } from './operations/moderated-channels';
import { moderators } from './operations/moderators';
import { addModerator } from './operations/add-moderator';
import { removeModerator } from './operations/remove-moderator';
import { vips } from './operations/vips';
import { addVip } from './operations/add-vip';
import { removeVip } from './operations/remove-vip';
import { updateShieldMode } from './operations/update-shield-mode';
import { shieldMode } from './operations/shield-mode';
import { warn } from './operations/warn';
import { addSuspiciousStatus } from './operations/add-suspicious-status';
import { removeSuspiciousStatus } from './operations/remove-suspicious-status';

/** The moderation operations, as `client.moderation` binds them. */
export const moderationGroup = {
  /** Checks whether AutoMod would let messages through, without posting them ({@link checkAutoMod}). */
  checkAutoMod,
  /** Allows or denies a chat message that AutoMod holds for review ({@link manageAutoModMessage}). */
  manageAutoModMessage,
  /** Gets a channel's AutoMod levels ({@link autoModSettings}). */
  autoModSettings,
  /** Sets a channel's AutoMod levels ({@link updateAutoModSettings}). */
  updateAutoModSettings,
  /** Lists the users banned or timed out in a channel ({@link bans}). */
  bans,
  /** Bans a user from a channel, or times them out ({@link ban}). */
  ban,
  /** Lifts a ban or a timeout ({@link unban}). */
  unban,
  /** Lists a channel's unban requests in one state ({@link unbanRequests}). */
  unbanRequests,
  /** Approves or denies an open unban request ({@link resolveUnbanRequest}). */
  resolveUnbanRequest,
  /** Lists the terms a channel blocks ({@link blockedTerms}). */
  blockedTerms,
  /** Blocks a term in a channel's chat ({@link addBlockedTerm}). */
  addBlockedTerm,
  /** Unblocks a term ({@link removeBlockedTerm}). */
  removeBlockedTerm,
  /** Deletes one chat message, or clears the whole chat ({@link deleteMessages}). */
  deleteMessages,
  /** Lists the channels the user moderates ({@link moderatedChannels}). */
  moderatedChannels,
  /** Lists a channel's moderators ({@link moderators}). */
  moderators,
  /** Makes a user a moderator of the broadcaster's channel ({@link addModerator}). */
  addModerator,
  /** Takes moderator status away from a user ({@link removeModerator}). */
  removeModerator,
  /** Lists a channel's VIPs ({@link vips}). */
  vips,
  /** Makes a user a VIP of the broadcaster's channel ({@link addVip}). */
  addVip,
  /** Takes VIP status away from a user ({@link removeVip}). */
  removeVip,
  /** Turns a channel's Shield Mode on or off ({@link updateShieldMode}). */
  updateShieldMode,
  /** Gets a channel's Shield Mode status ({@link shieldMode}). */
  shieldMode,
  /** Warns a chatter, who cannot chat again until they acknowledge it ({@link warn}). */
  warn,
  /** Marks a user as suspicious in a channel ({@link addSuspiciousStatus}). */
  addSuspiciousStatus,
  /** Removes a user's suspicious status in a channel ({@link removeSuspiciousStatus}). */
  removeSuspiciousStatus,
} as const;
