import { eventSamples, eventSubTypes } from './catalog';
import type { EventSample, EventSubType } from './model';

/**
 * Versions the platform's reference no longer lists but the platform still takes (`deprecated`):
 * `channel.update@1`, replaced by version 2 (which adds the content classification labels) in 2023.
 * They are offered under `name@version` only; a plain name means the newest version.
 */
export const deprecatedTypes: readonly EventSubType[] = [
  { type: 'channel.update', version: '1', required: ['broadcaster_user_id'], optional: [], scopes: [], transports: ['webhook', 'websocket', 'conduit'], status: 'deprecated', batched: false },
];

/**
 * Versions the platform has withdrawn, by `type@version`, with the version that replaces them:
 * creating a subscription to one is answered 410 Gone. `channel.follow@1` (410 since 2023),
 * `channel.hype_train.*@1` (withdrawn on 2026-01-15), the `channel.custom_power_up_redemption.add`
 * beta (a beta ends 30 days after its version 1, which came on 2026-05-19).
 */
export const withdrawnVersions: Readonly<Record<string, string>> = {
  'channel.follow@1': '2',
  'channel.hype_train.begin@1': '2',
  'channel.hype_train.progress@1': '2',
  'channel.hype_train.end@1': '2',
  'channel.custom_power_up_redemption.add@beta': '1',
};

const byKey = new Map([...eventSubTypes, ...deprecatedTypes].map((entry) => [`${entry.type}@${entry.version}`, entry]));

/** The registry entry of a type and version, if the platform offers it. */
export function findType(type: string, version: string): EventSubType | undefined {
  return byKey.get(`${type}@${version}`);
}

/** Whether the platform knows the type under any version (a bad version is then a different error). */
export function knownType(type: string): boolean {
  return eventSubTypes.some((entry) => entry.type === type);
}

/** The newest version of a type: the highest number, or `beta` when the type has no numbered version. */
export function newestVersion(type: string): EventSubType | undefined {
  let best: EventSubType | undefined;
  for (const entry of eventSubTypes) {
    if (entry.type !== type) continue;
    if (!best || rank(entry.version) > rank(best.version)) best = entry;
  }
  return best;
}

function rank(version: string): number {
  const number = Number(version);
  return Number.isFinite(number) ? number : 0;
}

/**
 * The entry for `name` (newest version) or `name@version`.
 *
 * @throws Error for a type or version the platform does not offer.
 */
export function resolveType(name: string): EventSubType {
  const at = name.indexOf('@');
  const entry = at === -1 ? newestVersion(name) : findType(name.slice(0, at), name.slice(at + 1));
  if (!entry) throw new Error(`The platform has no EventSub type ${name}.`);
  return entry;
}

/**
 * Where a shared sample departs from the platform's reference, the keys the mock sends instead, by
 * `type@version`: the reference's Charity Donation Event names the broadcaster
 * `broadcaster_user_*`, as a real donation (and `mock.charity.donate()`) does.
 */
const renamedKeys: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'channel.charity_campaign.donate@1': { broadcaster_id: 'broadcaster_user_id', broadcaster_login: 'broadcaster_user_login', broadcaster_name: 'broadcaster_user_name' },
};

/**
 * Fields the platform's reference has added to a type since its shared sample was captured, by
 * `type@version`, with the value the sample gets: `stream.offline` carries the stream's `id` since
 * 2026-06-26 (the ID of the `stream.online` sample's stream).
 */
const addedFields: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'stream.offline@1': { id: '40898421049' },
};

/** A `channel.update@2` event as version 1 sends it: `is_mature` instead of the content classification labels. */
function channelUpdateV1(event: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { content_classification_labels: labels, ...rest } = event;
  return { ...rest, is_mature: Array.isArray(labels) && labels.length > 0 };
}

/**
 * The deprecated versions the platform still sends, by the `type@version` of the event they are
 * made from: the version and the event as that version carries it. An event raised in the newer
 * version reaches their subscribers too.
 */
export const olderVersionsOf: Readonly<Record<string, readonly { version: string; event(event: Readonly<Record<string, unknown>>): Record<string, unknown> }[]>> = {
  'channel.update@2': [{ version: '1', event: channelUpdateV1 }],
};

/** The sample payload of a type and version, in the reference's shape. */
export function sampleOf(entry: EventSubType): EventSample | undefined {
  const key = `${entry.type}@${entry.version}`;
  const sample = key === 'channel.update@1' ? { event: channelUpdateV1(eventSamples['channel.update@2']?.event ?? {}) } : eventSamples[key];
  const renames = renamedKeys[key];
  const added = addedFields[key];
  if (!sample?.event || (!renames && !added)) return sample;
  const event = renames ? Object.fromEntries(Object.entries(sample.event).map(([name, value]) => [renames[name] ?? name, value])) : sample.event;
  return { ...sample, event: added ? { ...added, ...event } : event };
}

/**
 * The scopes a type asks of its authorizing user, as groups: one scope of every group is needed.
 * Most types need any one of their scopes (one group); `channel.moderate` needs one of each
 * read/manage pair, which the registry notes in words only.
 */
export function scopeGroups(entry: EventSubType): string[][] {
  if (entry.scopes.length === 0) return [];
  if (entry.type !== 'channel.moderate') return [[...entry.scopes]];
  const groups = new Map<string, string[]>();
  for (const scope of entry.scopes) {
    const topic = scope.replace(/^moderator:(read|manage):/, '');
    groups.set(topic, [...(groups.get(topic) ?? []), scope]);
  }
  return [...groups.values()];
}

/**
 * The condition key naming the user whose authorization a scoped type needs: the moderator when
 * the type has one, else the reading user (`user_id`, chat and whisper types), else the
 * broadcaster. Undefined for types that name no user.
 */
export function authorizingKey(entry: EventSubType): string | undefined {
  const keys = [...entry.required, ...entry.optional];
  return ['moderator_user_id', 'user_id', 'broadcaster_user_id'].find((key) => keys.includes(key));
}
