// The moderation group (the platform's reference: Moderation), in the shape of controls.ts:
// `moderationRoutes` (the rows, one file per resource), `ModerationState` (moderation-state.ts) and
// `moderationControls`, what tests do that no API call does.
import { removersOf, type ControlTable, type HttpOnlyRow } from '../controls';
import type { RouteRow } from '../helix';
import { moderationAutoModRoutes } from './moderation-automod';
import { moderationBanRoutes } from './moderation-bans';
import { moderationBlockedTermRoutes } from './moderation-blocked-terms';
import { moderationChatRoutes } from './moderation-chat';
import { moderationRoleRoutes } from './moderation-roles';
import { moderationSafetyRoutes } from './moderation-safety';
import type { AutoModLevels, HeldMessageRecord, ModerationState, SuspiciousUserRecord, UnbanRequestRecord, WarningRecord } from './moderation-state';

export { AUTOMOD_CATEGORIES, ModerationState, UNBAN_REQUEST_STATUSES } from './moderation-state';
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
 * The moderation routes: AutoMod, bans, unban requests, blocked terms, chat message deletion,
 * moderators, VIPs, Shield Mode, warnings, suspicious users.
 */
export const moderationRoutes: readonly RouteRow<ModerationState>[] = [
  ...moderationAutoModRoutes,
  ...moderationBanRoutes,
  ...moderationBlockedTermRoutes,
  ...moderationChatRoutes,
  ...moderationRoleRoutes,
  ...moderationSafetyRoutes,
];

/** The moderation controls: `mock.moderation.*` and `/mock/moderation.*`. */
export const moderationControls: ControlTable<ModerationState, ModerationControl> = {
  holdMessage: {
    params: ['broadcasterId: string', 'userId: string', 'text: string', 'options?: { category?: string; level?: number }'],
    does: "AutoMod holds a chat message of `userId` in `broadcasterId`'s channel, for a moderator to allow or deny with `POST /moderation/automod/message`.",
    run: (moderation, broadcasterId, userId, text, options) => moderation.holdMessage(broadcasterId, userId, text, options),
  },
  heldMessage: {
    params: ['msgId: string'],
    does: 'A held message by ID, with its status (`pending`, `approved`, `denied`); undefined when unknown.',
    run: (moderation, msgId) => moderation.heldMessage(msgId),
  },
  setAutoModVerdict: {
    params: ['broadcasterId: string', 'match: string (a RegExp in-process)', 'permitted: boolean'],
    does: 'How `POST /moderation/enforcements/status` judges texts in a channel: a text containing `match` (a string, case-insensitive) or matching it (a RegExp) gets `permitted`.',
    run: (moderation, broadcasterId, match, permitted) => moderation.setAutoModVerdict(broadcasterId, match, permitted),
    // In-process it returns a remover; over HTTP `{ id }`, for moderation.removeAutoModVerdict.
    json: (moderation, broadcasterId, match, permitted) => removersOf(moderation).keep(moderation.setAutoModVerdict(broadcasterId, match, permitted)),
  },
  isPermitted: {
    params: ['broadcasterId: string', 'text: string'],
    does: 'The AutoMod verdict for a text as `checkAutoMod` would give it (true: it would reach chat).',
    run: (moderation, broadcasterId, text) => moderation.isPermitted(broadcasterId, text),
  },
  createUnbanRequest: {
    params: ['broadcasterId: string', 'userId: string', 'text: string'],
    does: 'A banned (or timed-out) user asks to be let back in: a `pending` request is created and `channel.unban_request.create` is raised.',
    run: (moderation, broadcasterId, userId, text) => moderation.createUnbanRequest(broadcasterId, userId, text),
  },
  cancelUnbanRequest: {
    params: ['requestId: string'],
    does: 'The requester withdraws a pending request: its status becomes `canceled` and `channel.unban_request.resolve` is raised with no moderator.',
    run: (moderation, requestId) => moderation.cancelUnbanRequest(requestId),
  },
  acknowledgeWarning: {
    params: ['broadcasterId: string', 'userId: string'],
    does: 'The user acknowledges their pending warning (they may chat again); raises `channel.warning.acknowledge`.',
    run: (moderation, broadcasterId, userId) => moderation.acknowledgeWarning(broadcasterId, userId),
  },
  pendingWarning: {
    params: ['broadcasterId: string', 'userId: string'],
    does: "The user's pending warning in a channel; undefined once acknowledged or when none was sent.",
    run: (moderation, broadcasterId, userId) => moderation.pendingWarning(broadcasterId, userId),
  },
  suspiciousUser: {
    params: ['broadcasterId: string', 'userId: string'],
    does: "A user's suspicious-user record in a channel; undefined when never flagged.",
    run: (moderation, broadcasterId, userId) => moderation.suspiciousUser(broadcasterId, userId),
  },
  isShieldModeActive: {
    params: ['broadcasterId: string'],
    does: 'Whether Shield Mode is on in a channel.',
    run: (moderation, broadcasterId) => moderation.isShieldModeActive(broadcasterId),
  },
  autoModLevels: {
    params: ['broadcasterId: string'],
    does: "A channel's AutoMod levels (a copy).",
    run: (moderation, broadcasterId) => moderation.autoModLevels(broadcasterId),
  },
  setVipRequirementMet: {
    params: ['broadcasterId: string', 'met: boolean'],
    does: 'Whether the broadcaster finished the "Build a Community" step that VIPs need (true by default); while false, `POST /channels/vips` answers 425.',
    run: (moderation, broadcasterId, met) => moderation.setVipRequirementMet(broadcasterId, met),
  },
};

/** What is no method in-process: the remover `setAutoModVerdict` returns. */
export const moderationHttpOnly: Record<string, HttpOnlyRow<ModerationState>> = {
  removeAutoModVerdict: {
    of: 'setAutoModVerdict',
    params: ['id: string'],
    does: 'Removes a verdict moderation.setAutoModVerdict added (its `id`).',
    run: (moderation, id: string) => removersOf(moderation).remove(id),
  },
};
