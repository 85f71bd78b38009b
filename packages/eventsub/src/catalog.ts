/** A way the platform delivers EventSub notifications. */
export type EventSubTransportKind = 'webhook' | 'websocket' | 'conduit';

/**
 * Whether the platform takes a version of an EventSub type: `stable`; `beta` (the platform may
 * change or withdraw it); `deprecated` (still taken, but the platform's reference no longer lists
 * it and the platform may withdraw it: subscribing to it warns once); `withdrawn` (the platform
 * refuses it: subscribing to it throws, naming the version to use).
 */
export type EventSubVersionStatus = 'stable' | 'beta' | 'deprecated' | 'withdrawn';

/** One version of an EventSub type: its condition keys, the transports that carry it, batching and status. */
export interface EventSubTypeInfo {
  /** The plain type name, for example `channel.follow`. */
  readonly type: string;
  /** The version the platform expects on the wire: `"1"`, `"2"` or `"beta"`. */
  readonly version: string;
  /** Condition keys that must be given. */
  readonly required: readonly string[];
  /** Condition keys that may be given. */
  readonly optional: readonly string[];
  /** The transports that can carry the type. */
  readonly transports: readonly EventSubTransportKind[];
  /** Notifications arrive in batches (`events: [{ id, data }]`); the subscription must enable batching. */
  readonly batched: boolean;
  /** A beta type the platform may change or withdraw. */
  readonly beta: boolean;
  /** Whether the platform takes this version (see {@link EventSubVersionStatus}). */
  readonly status: EventSubVersionStatus;
  /** The version to use instead, for a `deprecated` or `withdrawn` version; undefined otherwise. */
  readonly replacedBy?: string;
}

/*
 * The catalogue, packed to stay small in browser bundles. One entry per type, separated by spaces:
 *   name,condition[,versions[,flags]]
 * - condition: `+`-separated keys, a `?` suffix marks an optional key; an upper-case token is a
 *   shape code, one key per letter (B broadcaster_user_id, M moderator_user_id, U user_id,
 *   R reward_id, optional). An empty or missing condition means B, the most common shape.
 * - versions: `/`-separated, oldest first (the last one is the newest); `1` when empty.
 * - flags: `w` webhook and conduit only (no WebSocket), `x` batched.
 * A version named `beta` marks a beta type. Names, versions and conditions follow the platform's
 * subscription types table; transports and batching its registry (test/catalog.test.ts compares them).
 */
const DATA =
  'automod.message.hold,BM,1/2 automod.message.update,BM,1/2 automod.settings.update,BM automod.terms.update,BM ' +
  'channel.ad_break.begin channel.ban channel.bits.use ' +
  'channel.channel_points_automatic_reward_redemption.add,,1/2 ' +
  'channel.channel_points_custom_reward_redemption.add,BR channel.channel_points_custom_reward_redemption.update,BR ' +
  'channel.channel_points_custom_reward.add channel.channel_points_custom_reward.remove,BR ' +
  'channel.channel_points_custom_reward.update,BR ' +
  'channel.charity_campaign.donate channel.charity_campaign.progress channel.charity_campaign.start ' +
  'channel.charity_campaign.stop ' +
  'channel.chat_settings.update,BU channel.chat.clear,BU channel.chat.clear_user_messages,BU channel.chat.message,BU ' +
  'channel.chat.message_delete,BU channel.chat.notification,BU channel.chat.user_message_hold,BU ' +
  'channel.chat.user_message_update,BU channel.cheer channel.custom_power_up_redemption.add,BR ' +
  'channel.follow,BM,2 channel.goal.begin channel.goal.end channel.goal.progress ' +
  'channel.guest_star_guest.update,BM,beta channel.guest_star_session.begin,BM,beta ' +
  'channel.guest_star_session.end,BM,beta channel.guest_star_settings.update,BM,beta ' +
  'channel.hype_train.begin,,2 channel.hype_train.end,,2 channel.hype_train.progress,,2 ' +
  'channel.moderate,BM,1/2 channel.moderator.add channel.moderator.remove ' +
  'channel.poll.begin channel.poll.end channel.poll.progress ' +
  'channel.prediction.begin channel.prediction.end channel.prediction.lock channel.prediction.progress ' +
  'channel.raid,from_broadcaster_user_id?+to_broadcaster_user_id? ' +
  'channel.shared_chat.begin channel.shared_chat.end channel.shared_chat.update ' +
  'channel.shield_mode.begin,BM channel.shield_mode.end,BM channel.shoutout.create,BM channel.shoutout.receive,BM ' +
  'channel.subscribe channel.subscription.end channel.subscription.gift channel.subscription.message ' +
  'channel.suspicious_user.message,BM channel.suspicious_user.update,BM channel.unban ' +
  'channel.unban_request.create,BM channel.unban_request.resolve,BM channel.update,,2 ' +
  'channel.vip.add channel.vip.remove channel.warning.acknowledge,BM channel.warning.send,BM ' +
  'conduit.shard.disabled,client_id+conduit_id?,,w ' +
  'drop.entitlement.grant,organization_id+category_id?+campaign_id?,,wx ' +
  'extension.bits_transaction.create,extension_client_id,,w stream.offline stream.online ' +
  'user.authorization.grant,client_id,,w user.authorization.revoke,client_id,,w user.update,user_id ' +
  'user.whisper.message,user_id';

/*
 * Versions the platform's reference no longer lists, each `type@version,status,replacement,condition`
 * (condition as above). Withdrawn: `channel.follow@1` (the platform answers 410 Gone),
 * `channel.hype_train.*@1` (withdrawn on 2026-01-15 with Get Hype Train Events; the platform
 * answers 400 "cannot use deprecated subscription type and version"), and the
 * `channel.custom_power_up_redemption.add` beta (a beta stays 30 days after its version 1, which
 * came on 2026-05-19). Deprecated: `channel.update@1` (since 2023-06-29; version 2 adds the content
 * classification labels). They are found by `lookupEventSubType` only, never under a plain name.
 */
const RETIRED =
  'channel.follow@1,withdrawn,2 channel.hype_train.begin@1,withdrawn,2 channel.hype_train.progress@1,withdrawn,2 ' +
  'channel.hype_train.end@1,withdrawn,2 channel.custom_power_up_redemption.add@beta,withdrawn,1,BR channel.update@1,deprecated,2';

const SHAPE_KEYS: Record<string, string> = {
  B: 'broadcaster_user_id',
  M: 'moderator_user_id',
  U: 'user_id',
  R: 'reward_id?',
};

const ALL_TRANSPORTS: readonly EventSubTransportKind[] = Object.freeze(['webhook', 'websocket', 'conduit']);
const NO_WEBSOCKET: readonly EventSubTransportKind[] = Object.freeze(['webhook', 'conduit']);

let byName: Map<string, EventSubTypeInfo> | undefined;
let names: string[] | undefined;

// Unpacked on first use, not at import time, so importing the package costs nothing.
function catalog(): Map<string, EventSubTypeInfo> {
  if (byName) return byName;
  const map = new Map<string, EventSubTypeInfo>();
  const plain: string[] = [];
  const versioned: string[] = [];
  for (const entry of DATA.split(' ')) {
    const [type = '', shape, versions, flags = ''] = entry.split(',');
    const [required, optional] = conditionKeys(shape);
    const list = (versions || '1').split('/');
    let info: EventSubTypeInfo | undefined;
    for (const version of list) {
      info = Object.freeze({
        type,
        version,
        required,
        optional,
        transports: flags.includes('w') ? NO_WEBSOCKET : ALL_TRANSPORTS,
        batched: flags.includes('x'),
        beta: version === 'beta',
        status: version === 'beta' ? 'beta' : 'stable',
      });
      map.set(`${type}@${version}`, info);
      versioned.push(`${type}@${version}`);
    }
    // The list is oldest first, so the last version read is the newest: the one a plain name means.
    if (info) map.set(type, info);
    plain.push(type);
  }
  for (const entry of RETIRED.split(' ')) {
    const [name = '', status, replacedBy, shape] = entry.split(',');
    const at = name.indexOf('@');
    const [required, optional] = conditionKeys(shape);
    const current = map.get(name.slice(0, at));
    map.set(
      name,
      Object.freeze({
        type: name.slice(0, at),
        version: name.slice(at + 1),
        required,
        optional,
        transports: current?.transports ?? ALL_TRANSPORTS,
        batched: false,
        beta: false,
        status: status as EventSubVersionStatus,
        replacedBy,
      }),
    );
  }
  names = [...plain, ...versioned];
  return (byName = map);
}

/** The required and optional keys of a packed condition. */
function conditionKeys(shape: string | undefined): [readonly string[], readonly string[]] {
  const required: string[] = [];
  const optional: string[] = [];
  for (const token of (shape || 'B').split('+')) {
    const keys = /^[A-Z]+$/.test(token) ? [...token].map((letter) => SHAPE_KEYS[letter] ?? '') : [token];
    for (const key of keys) {
      if (key.endsWith('?')) optional.push(key.slice(0, -1));
      else if (key) required.push(key);
    }
  }
  return [Object.freeze(required), Object.freeze(optional)];
}

/**
 * The entry for a plain name (its newest version) or a known `name@version`, a deprecated or
 * withdrawn version included (see `status` and `replacedBy`); undefined otherwise.
 *
 * @example
 * lookupEventSubType('channel.follow')?.version;          // '2'
 * lookupEventSubType('automod.message.hold@1')?.version;  // '1'
 * lookupEventSubType('channel.hype_train.begin@1');       // { status: 'withdrawn', replacedBy: '2', ... }
 * lookupEventSubType('nope.type');                        // undefined
 */
export function lookupEventSubType(name: string): EventSubTypeInfo | undefined {
  return catalog().get(name);
}

/**
 * Every plain name and every `name@version` the platform offers (plain names first), for docs and
 * tests. Deprecated and withdrawn versions are left out: the platform's reference no longer lists them.
 *
 * @example
 * eventSubTypeNames().includes('channel.follow@2'); // true
 */
export function eventSubTypeNames(): string[] {
  catalog();
  return [...(names ?? [])];
}

/**
 * What to say about a deprecated or withdrawn version: `EventSub type <type>@<version> has been
 * withdrawn by the platform: use version <n> (<name>).`, the name being the plain one when the
 * version to use is the newest. Undefined for a version the platform takes as it is.
 */
export function retiredVersionMessage(info: EventSubTypeInfo): string | undefined {
  if (info.status !== 'withdrawn' && info.status !== 'deprecated') return undefined;
  const use = info.replacedBy ?? '';
  const name = lookupEventSubType(info.type)?.version === use ? info.type : `${info.type}@${use}`;
  const state = info.status === 'withdrawn' ? 'has been withdrawn by the platform' : 'is deprecated and the platform may withdraw it';
  return `EventSub type ${info.type}@${info.version} ${state}: use version ${use} (${name}).`;
}
