import { eventSamples, eventSubTypes } from './catalog';
import type { EventSample, EventSubType } from './model';

const byKey = new Map(eventSubTypes.map((entry) => [`${entry.type}@${entry.version}`, entry]));

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

/** The sample payload of a type and version, in the reference's shape. */
export function sampleOf(entry: EventSubType): EventSample | undefined {
  const key = `${entry.type}@${entry.version}`;
  const sample = eventSamples[key];
  const renames = renamedKeys[key];
  if (!sample?.event || !renames) return sample;
  return { ...sample, event: Object.fromEntries(Object.entries(sample.event).map(([name, value]) => [renames[name] ?? name, value])) };
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
