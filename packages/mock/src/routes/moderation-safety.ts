// Shield Mode, warnings and suspicious users (reference: Get Shield Mode Status, Update Shield Mode
// Status, Warn Chat User, Add Suspicious Status to Chat User, Remove Suspicious Status From Chat User).
import { HttpError } from '../http';
import { asModerator, field, iso, ok, raiseModerate, requiredField, requireLength, type RouteRow } from '../helix';
import { asString, entry, MAX_REASON, wrappedData, type ModerationState, type ShieldRecord, type SuspiciousUserRecord } from './moderation-state';

function shieldOf(moderation: ModerationState, broadcasterId: string): ShieldRecord {
  return entry(moderation.shields, broadcasterId, (): ShieldRecord => ({ is_active: false, moderator_id: '', last_activated_at: undefined }));
}

/** Shield Mode as Get and Update Shield Mode Status answer it. */
function shieldBody(moderation: ModerationState, shield: ShieldRecord): Record<string, unknown> {
  const moderator = shield.moderator_id === '' ? { moderator_id: '', moderator_login: '', moderator_name: '' } : moderation.person(shield.moderator_id, 'moderator');
  return { is_active: shield.is_active, ...moderator, last_activated_at: shield.last_activated_at === undefined ? '' : iso(shield.last_activated_at) };
}

function suspiciousOf(moderation: ModerationState, broadcasterId: string): Map<string, SuspiciousUserRecord> {
  return entry(moderation.suspicious, broadcasterId, () => new Map<string, SuspiciousUserRecord>());
}

/** A suspicious-user record as the suspicious user routes answer it. */
function suspiciousBody(record: SuspiciousUserRecord): Record<string, unknown> {
  return {
    user_id: record.user_id,
    broadcaster_id: record.broadcaster_id,
    moderator_id: record.moderator_id,
    updated_at: iso(record.updated_at),
    status: record.status,
    types: [...record.types],
  };
}

function raiseSuspicious(moderation: ModerationState, record: SuspiciousUserRecord): void {
  moderation.raise(
    'channel.suspicious_user.update',
    '1',
    {
      ...moderation.person(record.broadcaster_id, 'broadcaster_user'),
      ...moderation.person(record.moderator_id, 'moderator_user'),
      ...moderation.person(record.user_id, 'user'),
      // The event spells the status in lower case.
      low_trust_status: record.status.toLowerCase(),
    },
    record.broadcaster_id,
  );
}

const suspiciousScopes = ['moderator:manage:suspicious_users'];

/** The Shield Mode, warning and suspicious user routes. */
export const moderationSafetyRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'GET',
    path: '/moderation/shield_mode',
    token: 'either',
    scopes: ['moderator:read:shield_mode', 'moderator:manage:shield_mode'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ModerationState>(({ broadcasterId }, moderation) => ok([shieldBody(moderation, shieldOf(moderation, broadcasterId))])),
  },

  {
    method: 'PUT',
    path: '/moderation/shield_mode',
    token: 'either',
    scopes: ['moderator:manage:shield_mode'],
    query: ['broadcaster_id', 'moderator_id'],
    body: ['is_active'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const active = field(request, 'is_active');
      if (typeof active !== 'boolean') throw new HttpError(400, 'The parameter "is_active" must be true or false');
      const shield = shieldOf(moderation, broadcasterId);
      const changed = shield.is_active !== active;
      const now = context.now();
      shield.is_active = active;
      shield.moderator_id = moderatorId;
      if (active && changed) shield.last_activated_at = now;
      // Events only on a change: turning on what is already on moves nothing.
      if (changed) {
        const base = { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(moderatorId, 'moderator_user') };
        if (active) moderation.raise('channel.shield_mode.begin', '1', { ...base, started_at: iso(now) }, broadcasterId);
        else moderation.raise('channel.shield_mode.end', '1', { ...base, ended_at: iso(now) }, broadcasterId);
      }
      return ok([shieldBody(moderation, shield)]);
    }),
  },

  {
    method: 'POST',
    path: '/moderation/warnings',
    token: 'either',
    scopes: ['moderator:manage:warnings'],
    query: ['broadcaster_id', 'moderator_id'],
    body: ['data'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      wrappedData(request);
      const userId = asString(requiredField(request, 'user_id', 'data'), 'user_id');
      const reason = requireLength(asString(requiredField(request, 'reason', 'data'), 'reason'), 'reason', { max: MAX_REASON });
      moderation.knownUser(userId);
      if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be warned in their own channel.');
      // A new warning replaces the pending one.
      entry(moderation.warnings, broadcasterId, () => new Map()).set(userId, { broadcaster_id: broadcasterId, user_id: userId, moderator_id: moderatorId, reason, sent_at: context.now() });
      moderation.raise(
        'channel.warning.send',
        '1',
        { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(moderatorId, 'moderator_user'), ...moderation.person(userId, 'user'), reason, chat_rules_cited: null },
        broadcasterId,
      );
      raiseModerate(context, broadcasterId, moderatorId, 'warn', { key: 'warn', value: { ...moderation.person(userId, 'user'), reason, chat_rules_cited: null } });
      return ok([{ broadcaster_id: broadcasterId, user_id: userId, moderator_id: moderatorId, reason }]);
    }),
  },

  {
    method: 'POST',
    path: '/moderation/suspicious_users',
    token: 'either',
    scopes: suspiciousScopes,
    query: ['broadcaster_id', 'moderator_id'],
    body: ['user_id', 'status'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const userId = asString(field(request, 'user_id'), 'user_id');
      const status = asString(field(request, 'status'), 'status');
      if (status !== 'ACTIVE_MONITORING' && status !== 'RESTRICTED') throw new HttpError(400, 'The parameter "status" must be ACTIVE_MONITORING or RESTRICTED');
      moderation.knownUser(userId);
      const records = suspiciousOf(moderation, broadcasterId);
      const previous = records.get(userId);
      const types = previous && previous.status !== 'NO_TREATMENT' ? previous.types : [];
      const record: SuspiciousUserRecord = {
        user_id: userId,
        broadcaster_id: broadcasterId,
        moderator_id: moderatorId,
        updated_at: context.now(),
        status,
        types: types.includes('MANUALLY_ADDED') ? [...types] : [...types, 'MANUALLY_ADDED'],
      };
      records.set(userId, record);
      raiseSuspicious(moderation, record);
      return ok([suspiciousBody(record)]);
    }),
  },

  {
    method: 'DELETE',
    path: '/moderation/suspicious_users',
    token: 'either',
    scopes: suspiciousScopes,
    query: ['broadcaster_id', 'moderator_id', 'user_id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const userId = request.query.get('user_id')!;
      const records = suspiciousOf(moderation, broadcasterId);
      const wasTreated = (records.get(userId)?.status ?? 'NO_TREATMENT') !== 'NO_TREATMENT';
      const record: SuspiciousUserRecord = { user_id: userId, broadcaster_id: broadcasterId, moderator_id: moderatorId, updated_at: context.now(), status: 'NO_TREATMENT', types: [] };
      records.set(userId, record);
      if (wasTreated) raiseSuspicious(moderation, record);
      // A DELETE that answers 200 with the record, not 204.
      return ok([suspiciousBody(record)]);
    }),
  },
];
