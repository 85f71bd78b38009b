import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import { ok, page, required, type RouteRow } from '../helix';
import type { ExtensionJwtClaims } from '../extension-jwt';
import { extensionBitsRoutes } from './extensions-bits';
import { extensionConfigurationRoutes } from './extensions-configuration';
import { extensionMessageRoutes } from './extensions-messages';
import { extensionSecretRoutes } from './extensions-secrets';
import {
  segmentKey,
  type BitsProductRecord,
  type ConfigurationSegment,
  type ConfigurationSegmentRecord,
  type ExtensionChatMessageRecord,
  type ExtensionEntry,
  type ExtensionSecretRecord,
  type ExtensionsState,
  type ExtensionState,
  type ExtensionVersionInput,
  type ExtensionVersionRecord,
  type JwtRouteRow,
  type PubSubMessageRecord,
  type RequiredConfigurationRecord,
} from './extensions-state';

/*
 * The Extensions group of the reference: Get Extensions and Get Released Extensions, Get
 * Extension Live Channels here; configuration segments (extensions-configuration.ts), shared
 * secrets (extensions-secrets.ts), PubSub and chat messages (extensions-messages.ts) and Bits
 * products (extensions-bits.ts) beside it. Most of these routes take a JWT signed by the
 * extension's Extension Backend Service rather than an OAuth token (see extensions-state.ts).
 * Extensions are registered by a test (`mock.extensions.add()`): making one happens on the
 * platform's developer site, not through the API. The group's state is `ExtensionsState`
 * (extensions-state.ts); its tables are `extensionsJwtRoutes`, `extensionsRoutes` and
 * `extensionsControls` below.
 */

/** A Bits product to set through the controls: `cost.type` is `bits`; the flags default to false. */
export type BitsProductInput = Omit<BitsProductRecord, 'cost' | 'in_development' | 'expiration' | 'is_broadcast'> & {
  /** What the product costs. */
  cost: {
    /** The price, in Bits. */
    amount: number;
    /** The currency: `bits`, the default. */
    type?: 'bits';
  };
  /** The product is in development, not available to the public; false by default. */
  in_development?: boolean;
  /** RFC3339; left out, the product does not expire. */
  expiration?: string;
  /** Purchases are broadcast to every instance of the extension on the channel; false by default. */
  is_broadcast?: boolean;
};

/** A configuration segment to set through the controls. */
export interface ConfigurationSegmentInput {
  /** The segment's kind. */
  segment: ConfigurationSegment;
  /** Required for the broadcaster and developer segments. */
  broadcaster_id?: string;
  /** The segment's content. */
  content: string;
  /** The version string set with the content; empty by default. */
  version?: string;
}

/** What `mock.extensions.add()` takes: the extension, its first version (`Released` unless `state` says otherwise) and what it starts with. */
export interface ExtensionInput extends ExtensionVersionInput {
  /** The extension's client ID, which is its ID (an app of that client ID is registered too). */
  clientId: string;
  /** The extension's name; its client ID by default. */
  name: string;
  /** The user who owns it: `author_name` is their display name, and JWTs made by `jwt()` are theirs. */
  ownerId: string;
  /** Its shared secret, base64; a random one when left out. */
  secret?: string;
  /** More versions, added after the first. */
  versions?: readonly ExtensionVersionInput[];
  /** Configuration segments it starts with. */
  configuration?: readonly ConfigurationSegmentInput[];
  /** Bits products it starts with. */
  bitsProducts?: readonly BitsProductInput[];
  /** Broadcasters streaming live with the extension (see `setLive()`). */
  liveChannels?: readonly string[];
}

/** The extensions controls: what no API call does, and what the routes recorded. */
export interface ExtensionsControl {
  /** Registers an extension. Throws for a client ID already taken, an unknown owner or a bad secret. */
  add(input: ExtensionInput): ExtensionEntry;
  /** An extension with all its state (versions, secrets, segments, products, messages), or undefined. */
  get(clientId: string): ExtensionEntry | undefined;
  /** Adds or replaces a version (`Released` unless `state` says otherwise). */
  addVersion(clientId: string, input: ExtensionVersionInput): ExtensionVersionRecord;
  /** Moves a version to another review state (`InTest`, `Released`, `Deprecated`...). */
  setState(clientId: string, version: string, state: ExtensionState): ExtensionVersionRecord;
  /**
   * A JWT as the extension's backend service signs it, with its newest secret in service:
   * `role: 'external'`, `user_id` the owner and `exp` a minute from the mock's now, unless
   * `claims` say otherwise (`channel_id`, `pubsub_perms`...).
   */
  jwt(clientId: string, claims?: ExtensionJwtClaims): string;
  /** The secrets not yet expired, oldest first (epoch ms). */
  secrets(clientId: string): ExtensionSecretRecord[];
  /** Sets a configuration segment as Set Extension Configuration Segment would. */
  setConfiguration(clientId: string, input: ConfigurationSegmentInput): ConfigurationSegmentRecord;
  /** A configuration segment, or undefined when it was never set. */
  configuration(clientId: string, segment: ConfigurationSegment, broadcasterId?: string): ConfigurationSegmentRecord | undefined;
  /** What Set Extension Required Configuration left for a channel. */
  requiredConfiguration(clientId: string, broadcasterId: string): RequiredConfigurationRecord | undefined;
  /**
   * A broadcaster goes live with the extension installed or active (`live` true, the default), or
   * stops (false): Get Extension Live Channels lists the channel, with the title and category of
   * its `channel.info`, while it is live. Returns whether anything changed.
   */
  setLive(clientId: string, broadcasterId: string, live?: boolean): boolean;
  /** The broadcasters Get Extension Live Channels lists, in the order they went live. */
  liveChannels(clientId: string): string[];
  /** Adds or replaces a Bits product, as Update Extension Bits Product would. */
  setBitsProduct(clientId: string, input: BitsProductInput): BitsProductRecord;
  /** The PubSub messages the extension sent, oldest first. */
  pubsubMessages(clientId: string): PubSubMessageRecord[];
  /** The chat messages the extension sent (to one channel, when given), oldest first. */
  chatMessages(clientId: string, broadcasterId?: string): ExtensionChatMessageRecord[];
}

/** The most live channels a page of Get Extension Live Channels holds, whatever `first` asks. */
const LIVE_PAGE_MAX = 100;

/** The newest version in the `Released` state, if any. */
function latestReleased(extension: ExtensionEntry): ExtensionVersionRecord | undefined {
  return [...extension.versions.values()].filter((version) => version.state === 'Released').at(-1);
}

/**
 * The routes that take the extension's JWT (`registerJwtRoutes(router, extensions, ...)`):
 * configuration, secrets, messages, and Get Extensions.
 */
export const extensionsJwtRoutes: readonly JwtRouteRow[] = [
  ...extensionConfigurationRoutes,
  ...extensionSecretRoutes,
  ...extensionMessageRoutes,
  {
    method: 'GET',
    path: '/extensions',
    claims: ['role'],
    query: ['extension_id'],
    handle: ({ request }, extensions) => {
      const extension = extensions.get(required(request, 'extension_id'));
      if (!extension) throw new HttpError(404, 'The extension in the extension_id query parameter was not found.');
      const wanted = request.query.get('extension_version');
      // Without a version, the latest released one; none when nothing is released.
      const version = wanted ? extension.versions.get(wanted) : latestReleased(extension);
      return ok(version ? [structuredClone(version)] : []);
    },
  },
];

/** The routes that take an OAuth token: the Bits products, Get Released Extensions, Get Extension Live Channels. */
export const extensionsRoutes: readonly RouteRow<ExtensionsState>[] = [
  ...extensionBitsRoutes,
  {
    method: 'GET',
    path: '/extensions/released',
    token: 'either',
    query: ['extension_id'],
    handle: ({ request }, extensions) => {
      const extension = extensions.get(required(request, 'extension_id'));
      const wanted = request.query.get('extension_version');
      const version = extension && (wanted ? extension.versions.get(wanted) : latestReleased(extension));
      if (!version || version.state !== 'Released') throw new HttpError(404, 'The extension specified in the extension_id query parameter was not found or is not released.');
      return ok([structuredClone(version)]);
    },
  },
  {
    method: 'GET',
    path: '/extensions/live',
    token: 'either',
    query: ['extension_id'],
    handle: ({ request, context }, extensions) => {
      const { state } = context;
      const extension = extensions.get(required(request, 'extension_id'));
      if (!extension || extension.live.size === 0) {
        throw new HttpError(404, 'The extension specified in the extension_id query parameter was not found or it\'s not being used in a live stream.');
      }
      const channels = [...extension.live].map((broadcasterId) => {
        const info = state.channel(broadcasterId).info;
        return { broadcaster_id: broadcasterId, broadcaster_name: state.user(broadcasterId)?.display_name ?? '', game_name: info.game_name, game_id: info.game_id, title: info.title };
      });
      // The reference gives `first` no maximum ("the actual number returned may be less than
      // this limit"): a larger page size is served LIVE_PAGE_MAX at a time, not refused.
      const firstText = request.query.get('first');
      const query = new URLSearchParams(request.query);
      if (firstText !== null && /^\d+$/.test(firstText) && Number(firstText) > LIVE_PAGE_MAX) query.set('first', String(LIVE_PAGE_MAX));
      const { data, pagination } = page({ ...request, query }, channels, { defaultFirst: 20, maxFirst: LIVE_PAGE_MAX });
      // This route's pagination is the cursor string itself, empty on the last page.
      return { status: 200, body: { data, pagination: pagination.cursor ?? '' } };
    },
  },
];

/** The extensions controls: `mock.extensions.*` and `/mock/extensions.*`. */
export const extensionsControls: ControlTable<ExtensionsState, ExtensionsControl> = {
  add: {
    params: ['input: ExtensionInput'],
    does: 'Registers an extension.',
    run: (extensions, input) => extensions.add(input),
  },
  get: {
    params: ['clientId: string'],
    does: 'An extension with all its state (versions, secrets, segments, products, messages), or undefined.',
    run: (extensions, clientId) => extensions.get(clientId),
  },
  addVersion: {
    params: ['clientId: string', 'input: ExtensionVersionInput'],
    does: 'Adds or replaces a version (`Released` unless `state` says otherwise).',
    run: (extensions, clientId, input) => extensions.setVersion(extensions.require(clientId), input),
  },
  setState: {
    params: ['clientId: string', 'version: string', 'state: ExtensionState'],
    does: 'Moves a version to another review state (`InTest`, `Released`, `Deprecated`...).',
    run: (extensions, clientId, version, newState) => extensions.setVersionState(clientId, version, newState),
  },
  jwt: {
    params: ['clientId: string', 'claims?: ExtensionJwtClaims'],
    does: "A JWT as the extension's backend service signs it, with its newest secret in service: `role: 'external'`, `user_id` the owner and `exp` a minute from the mock's now, unless `claims` say otherwise (`channel_id`, `pubsub_perms`...).",
    run: (extensions, clientId, claims) => extensions.jwt(extensions.require(clientId), claims),
  },
  secrets: {
    params: ['clientId: string'],
    does: 'The secrets not yet expired, oldest first (epoch ms).',
    run: (extensions, clientId) => [...extensions.secretsOf(extensions.require(clientId))],
  },
  setConfiguration: {
    params: ['clientId: string', 'input: ConfigurationSegmentInput'],
    does: 'Sets a configuration segment as Set Extension Configuration Segment would.',
    run: (extensions, clientId, input) => extensions.setConfiguration(extensions.require(clientId), input),
  },
  configuration: {
    params: ['clientId: string', 'segment: ConfigurationSegment', 'broadcasterId?: string'],
    does: 'A configuration segment, or undefined when it was never set.',
    run: (extensions, clientId, segment, broadcasterId) => extensions.require(clientId).configuration.get(segmentKey(segment, broadcasterId)),
  },
  requiredConfiguration: {
    params: ['clientId: string', 'broadcasterId: string'],
    does: 'What Set Extension Required Configuration left for a channel.',
    run: (extensions, clientId, broadcasterId) => extensions.require(clientId).requiredConfiguration.get(broadcasterId),
  },
  setLive: {
    params: ['clientId: string', 'broadcasterId: string', 'live?: boolean'],
    does: "A broadcaster goes live with the extension installed or active (`live` true, the default), or stops (false): Get Extension Live Channels lists the channel, with the title and category of its `channel.info`, while it is live.",
    run: (extensions, clientId, broadcasterId, live = true) => extensions.setLive(extensions.require(clientId), broadcasterId, live),
  },
  liveChannels: {
    params: ['clientId: string'],
    does: 'The broadcasters Get Extension Live Channels lists, in the order they went live.',
    run: (extensions, clientId) => [...extensions.require(clientId).live],
  },
  setBitsProduct: {
    params: ['clientId: string', 'input: BitsProductInput'],
    does: 'Adds or replaces a Bits product, as Update Extension Bits Product would.',
    run: (extensions, clientId, input) => extensions.setBitsProduct(extensions.require(clientId), input),
  },
  pubsubMessages: {
    params: ['clientId: string'],
    does: 'The PubSub messages the extension sent, oldest first.',
    run: (extensions, clientId) => [...extensions.require(clientId).pubsub],
  },
  chatMessages: {
    params: ['clientId: string', 'broadcasterId?: string'],
    does: 'The chat messages the extension sent (to one channel, when given), oldest first.',
    run: (extensions, clientId, broadcasterId) => extensions.require(clientId).chat.filter((message) => broadcasterId === undefined || message.broadcaster_id === broadcasterId),
  },
};
