// The moderation group (reference: Moderation), written from shared/reference/helix.md §2.3 and
// the moderation parts of SPEC.md: its tables, one file per resource, and the controls tests use
// for what no API call does.
import type { Router } from '../http';
import { iso, registerRoutes, type HelixContext } from '../helix';
import { holdMessage, isPermitted, moderationAutoModRoutes } from './moderation-automod';
import { moderationBanRoutes, raiseUnbanResolve } from './moderation-bans';
import { moderationBlockedTermRoutes } from './moderation-blocked-terms';
import { moderationChatRoutes } from './moderation-chat';
import { moderationRoleRoutes } from './moderation-roles';
import { moderationSafetyRoutes } from './moderation-safety';
import {
  entry,
  ModerationState,
  type AutoModLevels,
  type HeldMessageRecord,
  type SuspiciousUserRecord,
  type UnbanRequestRecord,
  type VerdictRule,
  type WarningRecord,
} from './moderation-state';

export { AUTOMOD_CATEGORIES, UNBAN_REQUEST_STATUSES } from './moderation-state';
export type {
  AutoModCategory,
  AutoModLevels,
  BlockedTermRecord,
  HeldMessageRecord,
  SuspiciousStatus,
  SuspiciousUserRecord,
  UnbanRequestRecord,
  UnbanRequestStatus,
  WarningRecord,
} from './moderation-state';

/** What tests can do in the moderation group that no API call does. */
export interface ModerationControl {
  /**
   * AutoMod holds a chat message of `userId` in `broadcasterId`'s channel, for a moderator to
   * allow or deny with `POST /moderation/automod/message`. The reason is `blocked_term` when the
   * text contains one of the channel's blocked terms, else `automod` with `options.category`
   * (default `bullying`) and `options.level` (default 3). Raises `automod.message.hold` (versions
   * 1 and 2) and `channel.chat.user_message_hold`. Returns the message ID (`msg_id`).
   */
  holdMessage(broadcasterId: string, userId: string, text: string, options?: { category?: string; level?: number }): string;
  /** A held message by ID, with its status (`pending`, `approved`, `denied`); undefined when unknown. */
  heldMessage(msgId: string): Readonly<HeldMessageRecord> | undefined;
  /**
   * How `POST /moderation/enforcements/status` judges texts in a channel: a text containing
   * `match` (a string, case-insensitive) or matching it (a RegExp) gets `permitted`. The newest
   * rule wins. Without a matching rule, a text containing a blocked term is not permitted and
   * anything else is. Returns a function that removes the rule.
   */
  setAutoModVerdict(broadcasterId: string, match: string | RegExp, permitted: boolean): () => void;
  /** The AutoMod verdict for a text as `checkAutoMod` would give it (true: it would reach chat). */
  isPermitted(broadcasterId: string, text: string): boolean;
  /**
   * A banned (or timed-out) user asks to be let back in: a `pending` request is created and
   * `channel.unban_request.create` is raised. Throws when the user is not banned or already has
   * a pending request in the channel.
   */
  createUnbanRequest(broadcasterId: string, userId: string, text: string): Readonly<UnbanRequestRecord>;
  /**
   * The requester withdraws a pending request: its status becomes `canceled` and
   * `channel.unban_request.resolve` is raised with no moderator. Throws for an unknown or
   * resolved request.
   */
  cancelUnbanRequest(requestId: string): void;
  /**
   * The user acknowledges their pending warning (they may chat again); raises
   * `channel.warning.acknowledge`. Throws when the user has no pending warning in the channel.
   */
  acknowledgeWarning(broadcasterId: string, userId: string): void;
  /** The user's pending warning in a channel; undefined once acknowledged or when none was sent. */
  pendingWarning(broadcasterId: string, userId: string): Readonly<WarningRecord> | undefined;
  /** A user's suspicious-user record in a channel; undefined when never flagged. */
  suspiciousUser(broadcasterId: string, userId: string): Readonly<SuspiciousUserRecord> | undefined;
  /** Whether Shield Mode is on in a channel. */
  isShieldModeActive(broadcasterId: string): boolean;
  /** A channel's AutoMod levels (a copy). */
  autoModLevels(broadcasterId: string): AutoModLevels;
  /**
   * Whether the broadcaster finished the "Build a Community" step that VIPs need (true by
   * default); while false, `POST /channels/vips` answers 425.
   */
  setVipRequirementMet(broadcasterId: string, met: boolean): void;
}

/**
 * Registers the moderation routes (AutoMod, bans, unban requests, blocked terms, chat message
 * deletion, moderators, VIPs, Shield Mode, warnings, suspicious users) and returns the controls
 * that no API call reaches.
 */
export function registerModerationRoutes(router: Router, context: HelixContext): ModerationControl {
  const { state } = context;
  const moderation = new ModerationState(context);
  registerRoutes(router, context, [
    ...moderationAutoModRoutes(moderation),
    ...moderationBanRoutes(moderation),
    ...moderationBlockedTermRoutes(moderation),
    ...moderationChatRoutes(moderation),
    ...moderationRoleRoutes(moderation),
    ...moderationSafetyRoutes(moderation),
  ]);

  return {
    holdMessage: (broadcasterId, userId, text, options = {}) => holdMessage(moderation, broadcasterId, userId, text, options),
    heldMessage: (msgId) => {
      const message = moderation.held.get(msgId);
      return message && { ...message };
    },
    setAutoModVerdict(broadcasterId, match, permitted) {
      const rule: VerdictRule = { match, permitted };
      entry(moderation.verdicts, broadcasterId, () => []).push(rule);
      return () => {
        const rules = moderation.verdicts.get(broadcasterId) ?? [];
        const index = rules.indexOf(rule);
        if (index >= 0) rules.splice(index, 1);
      };
    },
    isPermitted: (broadcasterId, text) => isPermitted(moderation, broadcasterId, text),
    createUnbanRequest(broadcasterId, userId, text) {
      if (!state.activeBan(broadcasterId, userId)) throw new Error(`User ${userId} is not banned in channel ${broadcasterId}.`);
      const list = moderation.requestsOf(broadcasterId);
      if (list.some((record) => record.user_id === userId && record.status === 'pending')) {
        throw new Error(`User ${userId} already has a pending unban request in channel ${broadcasterId}.`);
      }
      const record: UnbanRequestRecord = {
        id: state.id(),
        broadcaster_id: broadcasterId,
        user_id: userId,
        text,
        status: 'pending',
        created_at: context.now(),
        moderator_id: undefined,
        resolved_at: undefined,
        resolution_text: null,
      };
      list.push(record);
      moderation.raise(
        'channel.unban_request.create',
        '1',
        { id: record.id, ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user'), text, created_at: iso(record.created_at) },
        broadcasterId,
      );
      return { ...record };
    },
    cancelUnbanRequest(requestId) {
      const record = [...moderation.unbanRequests.values()].flat().find((each) => each.id === requestId);
      if (!record) throw new Error(`No unban request ${requestId}.`);
      if (record.status !== 'pending') throw new Error(`Unban request ${requestId} is already ${record.status}.`);
      record.status = 'canceled';
      record.resolved_at = context.now();
      record.resolution_text = '';
      raiseUnbanResolve(moderation, record);
    },
    acknowledgeWarning(broadcasterId, userId) {
      const pending = moderation.warnings.get(broadcasterId);
      if (!pending?.delete(userId)) throw new Error(`User ${userId} has no pending warning in channel ${broadcasterId}.`);
      moderation.raise('channel.warning.acknowledge', '1', { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user') }, broadcasterId);
    },
    pendingWarning: (broadcasterId, userId) => {
      const warning = moderation.warnings.get(broadcasterId)?.get(userId);
      return warning && { ...warning };
    },
    suspiciousUser: (broadcasterId, userId) => {
      const record = moderation.suspicious.get(broadcasterId)?.get(userId);
      return record && { ...record, types: [...record.types] };
    },
    isShieldModeActive: (broadcasterId) => moderation.shields.get(broadcasterId)?.is_active ?? false,
    autoModLevels: (broadcasterId) => ({ ...moderation.levelsFor(broadcasterId) }),
    setVipRequirementMet(broadcasterId, met) {
      if (met) moderation.vipRequirementMissing.delete(broadcasterId);
      else moderation.vipRequirementMissing.add(broadcasterId);
    },
  };
}
