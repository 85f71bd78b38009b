import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventSubTypeNames, lookupEventSubType, retiredVersionMessage } from '../src/catalog';
// The mock platform's own catalogue, from the workspace source (as the end-to-end tests reach the listeners).
import { eventSubTypes as mockTypes } from '../../mock/src/eventsub/catalog';
import { deprecatedTypes as mockDeprecated, withdrawnVersions as mockWithdrawn } from '../../mock/src/eventsub/registry';

// The shared reference folder sits beside the repository on the development machines; CI clones
// elsewhere, so the registry comparison is skipped when it is absent.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const registryPath = path.resolve(repoRoot, '..', 'shared', 'reference', 'eventsub-registry.json');
const hasRegistry = existsSync(registryPath);

interface RegistryEntry {
  type: string;
  version: string;
  condition: { required: string[]; optional: string[] };
  transports: string[];
  status: string;
  batched: boolean;
}

function readRegistry(): RegistryEntry[] {
  return (JSON.parse(readFileSync(registryPath, 'utf8')) as { types: RegistryEntry[] }).types;
}

const versionRank = (version: string) => (version === 'beta' ? -1 : Number(version));

describe('event catalogue', () => {
  it('resolves a plain name to its newest version', () => {
    expect(lookupEventSubType('channel.follow')).toMatchObject({ type: 'channel.follow', version: '2' });
    expect(lookupEventSubType('automod.message.hold')?.version).toBe('2');
    expect(lookupEventSubType('channel.moderate')?.version).toBe('2');
    expect(lookupEventSubType('channel.channel_points_automatic_reward_redemption.add')?.version).toBe('2');
    expect(lookupEventSubType('channel.chat.message')?.version).toBe('1');
  });

  it('resolves name@version for every version, the newest included', () => {
    expect(lookupEventSubType('automod.message.hold@1')?.version).toBe('1');
    expect(lookupEventSubType('automod.message.hold@2')?.version).toBe('2');
    expect(lookupEventSubType('channel.follow@2')).toBe(lookupEventSubType('channel.follow'));
    expect(lookupEventSubType('channel.moderate@1')).toMatchObject({ type: 'channel.moderate', version: '1' });
  });

  it('knows guest star types only as version beta', () => {
    expect(lookupEventSubType('channel.guest_star_session.begin')).toMatchObject({ version: 'beta', beta: true });
    expect(lookupEventSubType('channel.guest_star_session.begin@beta')?.version).toBe('beta');
    expect(lookupEventSubType('channel.guest_star_session.begin@1')).toBeUndefined();
    expect(lookupEventSubType('channel.follow')?.beta).toBe(false);
  });

  it('marks drop.entitlement.grant batched and limited to webhooks and conduits', () => {
    expect(lookupEventSubType('drop.entitlement.grant')).toEqual({
      type: 'drop.entitlement.grant',
      version: '1',
      required: ['organization_id'],
      optional: ['category_id', 'campaign_id'],
      transports: ['webhook', 'conduit'],
      batched: true,
      beta: false,
      status: 'stable',
    });
    expect(lookupEventSubType('channel.chat.message')?.batched).toBe(false);
  });

  it('expands the condition shapes', () => {
    expect(lookupEventSubType('channel.ban')).toMatchObject({ required: ['broadcaster_user_id'], optional: [] });
    expect(lookupEventSubType('channel.follow')?.required).toEqual(['broadcaster_user_id', 'moderator_user_id']);
    expect(lookupEventSubType('channel.chat.message')?.required).toEqual(['broadcaster_user_id', 'user_id']);
    expect(lookupEventSubType('channel.channel_points_custom_reward.update')).toMatchObject({
      required: ['broadcaster_user_id'],
      optional: ['reward_id'],
    });
    expect(lookupEventSubType('channel.raid')).toMatchObject({
      required: [],
      optional: ['from_broadcaster_user_id', 'to_broadcaster_user_id'],
    });
    expect(lookupEventSubType('conduit.shard.disabled')).toMatchObject({
      required: ['client_id'],
      optional: ['conduit_id'],
      transports: ['webhook', 'conduit'],
    });
    expect(lookupEventSubType('channel.chat.message')?.transports).toEqual(['webhook', 'websocket', 'conduit']);
  });

  it('gives undefined for unknown names and versions', () => {
    expect(lookupEventSubType('nope.type')).toBeUndefined();
    expect(lookupEventSubType('channel.follow@7')).toBeUndefined();
    expect(lookupEventSubType('channel.follow@')).toBeUndefined();
    expect(lookupEventSubType('@2')).toBeUndefined();
    expect(lookupEventSubType('')).toBeUndefined();
    expect(lookupEventSubType('Channel.Follow')).toBeUndefined();
  });

  it('lists plain names first, then every name@version, each once', () => {
    const names = eventSubTypeNames();
    const firstVersioned = names.findIndex((name) => name.includes('@'));
    expect(firstVersioned).toBeGreaterThan(0);
    expect(names.slice(firstVersioned).every((name) => name.includes('@'))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('channel.follow');
    expect(names).toContain('channel.follow@2');
    expect(names.filter((name) => !name.includes('@'))).toHaveLength(79);
    expect(names.filter((name) => name.includes('@'))).toHaveLength(83);
    for (const name of names) expect(lookupEventSubType(name), name).toBeDefined();
  });

  it('knows the versions the platform withdrew or deprecated, with the version to use, under name@version only', () => {
    expect(lookupEventSubType('channel.hype_train.begin@1')).toEqual({
      type: 'channel.hype_train.begin',
      version: '1',
      required: ['broadcaster_user_id'],
      optional: [],
      transports: ['webhook', 'websocket', 'conduit'],
      batched: false,
      beta: false,
      status: 'withdrawn',
      replacedBy: '2',
    });
    for (const name of ['channel.hype_train.progress@1', 'channel.hype_train.end@1', 'channel.follow@1']) {
      expect(lookupEventSubType(name), name).toMatchObject({ status: 'withdrawn', replacedBy: '2' });
    }
    expect(lookupEventSubType('channel.custom_power_up_redemption.add@beta')).toMatchObject({ status: 'withdrawn', replacedBy: '1', optional: ['reward_id'] });
    expect(lookupEventSubType('channel.update@1')).toMatchObject({ status: 'deprecated', replacedBy: '2', required: ['broadcaster_user_id'] });
    // A plain name still means the newest version, and the list names only what the platform offers.
    expect(lookupEventSubType('channel.hype_train.begin')).toMatchObject({ version: '2', status: 'stable' });
    expect(lookupEventSubType('channel.update')).toMatchObject({ version: '2', status: 'stable' });
    expect(lookupEventSubType('channel.guest_star_session.begin')?.status).toBe('beta');
    expect(eventSubTypeNames()).not.toContain('channel.hype_train.begin@1');
    expect(eventSubTypeNames()).not.toContain('channel.update@1');
  });

  it('words what to use instead of a retired version, by its plain name when that is the newest', () => {
    expect(retiredVersionMessage(lookupEventSubType('channel.hype_train.begin@1')!)).toBe(
      'EventSub type channel.hype_train.begin@1 has been withdrawn by the platform: use version 2 (channel.hype_train.begin).',
    );
    expect(retiredVersionMessage(lookupEventSubType('channel.update@1')!)).toBe(
      'EventSub type channel.update@1 is deprecated and the platform may withdraw it: use version 2 (channel.update).',
    );
    expect(retiredVersionMessage(lookupEventSubType('channel.follow')!)).toBeUndefined();
  });

  it('keeps the condition of channel.ad_break.begin as broadcaster_user_id (the reference\'s 2026-06-09 fix)', () => {
    expect(lookupEventSubType('channel.ad_break.begin')).toMatchObject({ required: ['broadcaster_user_id'], optional: [] });
  });

  it('hands out entries the caller cannot change', () => {
    const info = lookupEventSubType('channel.ban');
    expect(Object.isFrozen(info)).toBe(true);
    expect(Object.isFrozen(info?.required)).toBe(true);
    expect(Object.isFrozen(info?.transports)).toBe(true);
    eventSubTypeNames().length = 0;
    expect(eventSubTypeNames().length).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasRegistry)('event catalogue against the shared registry', () => {
  const registry = hasRegistry ? readRegistry() : [];

  it('holds the 83 type/version pairs of the registry and no others', () => {
    expect(registry).toHaveLength(83);
    const expected = registry.map((entry) => `${entry.type}@${entry.version}`).sort();
    const actual = eventSubTypeNames()
      .filter((name) => name.includes('@'))
      .sort();
    expect(actual).toEqual(expected);
  });

  it.each(registry.map((entry) => [`${entry.type}@${entry.version}`, entry] as const))(
    '%s matches the registry',
    (name, entry) => {
      const info = lookupEventSubType(name);
      expect(info).toBeDefined();
      expect(info?.type).toBe(entry.type);
      expect(info?.version).toBe(entry.version);
      expect([...(info?.required ?? [])].sort()).toEqual([...entry.condition.required].sort());
      expect([...(info?.optional ?? [])].sort()).toEqual([...entry.condition.optional].sort());
      expect([...(info?.transports ?? [])].sort()).toEqual([...entry.transports].sort());
      expect(info?.batched).toBe(entry.batched);
      expect(info?.beta).toBe(entry.status === 'beta');
      expect(info?.status).toBe(entry.status);
    },
  );

  it('resolves every plain name to its newest registry version', () => {
    const newest = new Map<string, string>();
    for (const entry of registry) {
      const known = newest.get(entry.type);
      if (known === undefined || versionRank(entry.version) > versionRank(known)) newest.set(entry.type, entry.version);
    }
    for (const [type, version] of newest) {
      expect(lookupEventSubType(type)?.version, type).toBe(version);
      expect(lookupEventSubType(type), type).toBe(lookupEventSubType(`${type}@${version}`));
    }
    expect(eventSubTypeNames().filter((name) => !name.includes('@'))).toHaveLength(newest.size);
  });
});

describe('event catalogue against the mock platform\'s', () => {
  it('offers the same type/version pairs, conditions, transports and status', () => {
    const offered = eventSubTypeNames().filter((name) => name.includes('@'));
    expect(offered.sort()).toEqual(mockTypes.map((entry) => `${entry.type}@${entry.version}`).sort());
    for (const entry of mockTypes) {
      expect(lookupEventSubType(`${entry.type}@${entry.version}`), entry.type).toMatchObject({
        required: entry.required,
        optional: entry.optional,
        transports: entry.transports,
        batched: entry.batched,
        status: entry.status,
      });
    }
  });

  it('withdraws and deprecates the same versions, with the same replacements', () => {
    for (const [name, replacement] of Object.entries(mockWithdrawn)) {
      expect(lookupEventSubType(name), name).toMatchObject({ status: 'withdrawn', replacedBy: replacement });
    }
    for (const entry of mockDeprecated) {
      expect(lookupEventSubType(`${entry.type}@${entry.version}`), entry.type).toMatchObject({ status: 'deprecated', required: entry.required, optional: entry.optional });
    }
    const retired = ['channel.follow@1', 'channel.hype_train.begin@1', 'channel.hype_train.progress@1', 'channel.hype_train.end@1', 'channel.custom_power_up_redemption.add@beta', 'channel.update@1'];
    const mockRetired = [...Object.keys(mockWithdrawn), ...mockDeprecated.map((entry) => `${entry.type}@${entry.version}`)];
    expect(mockRetired.sort()).toEqual(retired.sort());
  });
});
