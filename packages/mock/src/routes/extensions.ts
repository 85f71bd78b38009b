import { HttpError, type Router } from '../http';
import { ok, page, registerRoutes, required, route, type HelixContext } from '../helix';
import type { ExtensionJwtClaims } from '../extension-jwt';
import { extensionBitsRoutes, productOf } from './extensions-bits';
import { extensionConfigurationRoutes } from './extensions-configuration';
import { extensionMessageRoutes } from './extensions-messages';
import { extensionSecretRoutes } from './extensions-secrets';
import {
  ExtensionStore,
  jwtRoute,
  registerJwtRoutes,
  SEGMENTS,
  segmentKey,
  type BitsProductRecord,
  type ConfigurationSegment,
  type ConfigurationSegmentRecord,
  type ExtensionChatMessageRecord,
  type ExtensionEntry,
  type ExtensionSecretRecord,
  type ExtensionState,
  type ExtensionVersionInput,
  type ExtensionVersionRecord,
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
 * platform's developer site, not through the API.
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

/** Registers every route of the Extensions group (and the extension Bits products); returns its controls. */
export function registerExtensionRoutes(router: Router, context: HelixContext): ExtensionsControl {
  const { state } = context;
  const store = new ExtensionStore(context);

  registerJwtRoutes(router, store, [
    ...extensionConfigurationRoutes(),
    ...extensionSecretRoutes(store),
    ...extensionMessageRoutes(),
    jwtRoute({
      method: 'GET',
      path: '/extensions',
      claims: ['role'],
      query: ['extension_id'],
      handle({ request }) {
        const extension = store.get(required(request, 'extension_id'));
        if (!extension) throw new HttpError(404, 'The extension in the extension_id query parameter was not found.');
        const wanted = request.query.get('extension_version');
        // Without a version, the latest released one; none when nothing is released.
        const version = wanted ? extension.versions.get(wanted) : latestReleased(extension);
        return ok(version ? [structuredClone(version)] : []);
      },
    }),
  ]);

  registerRoutes(router, context, [
    ...extensionBitsRoutes(store),
    route({
      method: 'GET',
      path: '/extensions/released',
      token: 'either',
      query: ['extension_id'],
      handle({ request }) {
        const extension = store.get(required(request, 'extension_id'));
        const wanted = request.query.get('extension_version');
        const version = extension && (wanted ? extension.versions.get(wanted) : latestReleased(extension));
        if (!version || version.state !== 'Released') throw new HttpError(404, 'The extension specified in the extension_id query parameter was not found or is not released.');
        return ok([structuredClone(version)]);
      },
    }),
    route({
      method: 'GET',
      path: '/extensions/live',
      token: 'either',
      query: ['extension_id'],
      handle({ request }) {
        const extension = store.get(required(request, 'extension_id'));
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
    }),
  ]);

  function setConfiguration(extension: ExtensionEntry, input: ConfigurationSegmentInput): ConfigurationSegmentRecord {
    if (!SEGMENTS.includes(input.segment)) throw new Error(`Unknown configuration segment "${input.segment}": use ${SEGMENTS.join(', ')}.`);
    if (input.segment !== 'global' && !input.broadcaster_id) throw new Error(`The ${input.segment} segment needs a broadcaster_id.`);
    const broadcasterId = input.segment === 'global' ? undefined : input.broadcaster_id;
    const record: ConfigurationSegmentRecord = { segment: input.segment, ...(broadcasterId === undefined ? {} : { broadcaster_id: broadcasterId }), content: input.content, version: input.version ?? '' };
    extension.configuration.set(segmentKey(input.segment, broadcasterId), record);
    return record;
  }

  function setBitsProduct(extension: ExtensionEntry, input: BitsProductInput): BitsProductRecord {
    const product = productOf({ ...input, cost: { type: 'bits', ...input.cost } });
    extension.bitsProducts.set(product.sku, product);
    return product;
  }

  function setLive(extension: ExtensionEntry, broadcasterId: string, live: boolean): boolean {
    if (!state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}.`);
    if (live === extension.live.has(broadcasterId)) return false;
    if (live) extension.live.add(broadcasterId);
    else extension.live.delete(broadcasterId);
    return true;
  }

  return {
    add(input) {
      const { clientId, name, ownerId, secret, versions = [], configuration = [], bitsProducts = [], liveChannels = [], ...first } = input;
      const extension = store.create(clientId, ownerId, secret);
      if (!state.clients.has(clientId)) state.addClient({ clientId });
      store.setVersion(extension, first, name);
      for (const version of versions) store.setVersion(extension, version);
      for (const segment of configuration) setConfiguration(extension, segment);
      for (const product of bitsProducts) setBitsProduct(extension, product);
      for (const broadcasterId of liveChannels) setLive(extension, broadcasterId, true);
      return extension;
    },
    get: (clientId) => store.get(clientId),
    addVersion: (clientId, input) => store.setVersion(store.require(clientId), input),
    setState(clientId, version, newState) {
      const extension = store.require(clientId);
      const record = extension.versions.get(version);
      if (!record) throw new Error(`The extension ${clientId} has no version ${version}.`);
      return store.setVersion(extension, { ...record, state: newState });
    },
    jwt: (clientId, claims) => store.jwt(store.require(clientId), claims),
    secrets: (clientId) => [...store.secretsOf(store.require(clientId))],
    setConfiguration: (clientId, input) => setConfiguration(store.require(clientId), input),
    configuration: (clientId, segment, broadcasterId) => store.require(clientId).configuration.get(segmentKey(segment, broadcasterId)),
    requiredConfiguration: (clientId, broadcasterId) => store.require(clientId).requiredConfiguration.get(broadcasterId),
    setLive: (clientId, broadcasterId, live = true) => setLive(store.require(clientId), broadcasterId, live),
    liveChannels: (clientId) => [...store.require(clientId).live],
    setBitsProduct: (clientId, input) => setBitsProduct(store.require(clientId), input),
    pubsubMessages: (clientId) => [...store.require(clientId).pubsub],
    chatMessages: (clientId, broadcasterId) => store.require(clientId).chat.filter((message) => broadcasterId === undefined || message.broadcaster_id === broadcasterId),
  };
}
