// The extensions group's state (see controls.ts; reference group Extensions, with the extension
// Bits products): the extensions a test registered, their versions, shared secrets, configuration
// segments, live channels, Bits products, and the PubSub and chat messages they sent, with the
// logic of the extensions controls; and how a route that takes an Extension Backend Service's JWT
// is checked. The routes are the tables of the extensions-*.ts files, gathered with the controls
// in extensions.ts.
import { randomBytes } from 'node:crypto';
import { signExtensionJwt, verifyExtensionJwt, type ExtensionJwtClaims, type RequiredClaim } from '../extension-jwt';
import { HttpError, type MockRequest, type MockResponse, type Router } from '../http';
import { iso, required, requiredField, rfc3339, type HelixContext } from '../helix';
import type { Persisted } from '../persist';
import type { BitsProductInput, ConfigurationSegmentInput, ExtensionInput } from './extensions';

/** An extension version's review state, as Get Extensions names it. */
export type ExtensionState = 'Approved' | 'AssetsUploaded' | 'Deleted' | 'Deprecated' | 'InReview' | 'InTest' | 'PendingAction' | 'Rejected' | 'Released';
export const EXTENSION_STATES: readonly ExtensionState[] = ['Approved', 'AssetsUploaded', 'Deleted', 'Deprecated', 'InReview', 'InTest', 'PendingAction', 'Rejected', 'Released'];

/** A configuration segment's kind. */
export type ConfigurationSegment = 'broadcaster' | 'developer' | 'global';
export const SEGMENTS: readonly ConfigurationSegment[] = ['broadcaster', 'developer', 'global'];

/** How an extension version is shown where it can be activated, as Get Extensions answers it. */
export interface ExtensionViews {
  /** On mobile devices. */
  mobile: {
    /** The page shown to viewers of the mobile app, behind the chat. */
    viewer_url: string;
  };
  /** In a panel slot. */
  panel: {
    /** The page shown to viewers on the channel page. */
    viewer_url: string;
    /** The panel's height, in pixels. */
    height: number;
    /** The extension may link to other domains than the platform's. */
    can_link_external_content: boolean;
  };
  /** In the video overlay slot. */
  video_overlay: {
    /** The page shown to viewers over the video. */
    viewer_url: string;
    /** The extension may link to other domains than the platform's. */
    can_link_external_content: boolean;
  };
  /** In a video component slot. */
  component: {
    /** The page shown to viewers in the component. */
    viewer_url: string;
    /** The width part of the component's aspect ratio. */
    aspect_ratio_x: number;
    /** The height part of the component's aspect ratio. */
    aspect_ratio_y: number;
    /** A CSS zoom keeps the inner size fixed at `scale_pixels` wide. */
    autoscale: boolean;
    /** The base width, in pixels, for `autoscale`. */
    scale_pixels: number;
    /** The height, as a percent (1 to 100) of a video component's maximum height. */
    target_height: number;
    /** The extension may link to other domains than the platform's. */
    can_link_external_content: boolean;
    /** In the reference's example answer, not in its field table (0 there). */
    aspect_width: number;
    /** In the reference's example answer, not in its field table (0 there). */
    aspect_height: number;
    /** In the reference's example answer, not in its field table (0 there). */
    size: number;
    /** In the reference's example answer, not in its field table (false there). */
    zoom: boolean;
    /** In the reference's example answer, not in its field table (0 there). */
    zoom_pixels: number;
  };
  /** On the configuration page broadcasters see in the extension manager. */
  config: {
    /** The page shown to broadcasters configuring the extension. */
    viewer_url: string;
    /** The extension may link to other domains than the platform's. */
    can_link_external_content: boolean;
  };
}

/** One version of an extension, as Get Extensions and Get Released Extensions answer it. */
export interface ExtensionVersionRecord {
  /** The user or organization that owns the extension. */
  author_name: string;
  /** The extension has features that use Bits. */
  bits_enabled: boolean;
  /** A user can install the extension on their channel. */
  can_install: boolean;
  /** Where the extension's configuration is kept: the platform (`hosted`), the extension's backend (`custom`) or nowhere. */
  configuration_location: 'hosted' | 'custom' | 'none';
  /** The longer description, shown on the extension's details page. */
  description: string;
  /** The extension's terms of service. */
  eula_tos_url: string;
  /** The extension can write to the chat of the channels that installed it. */
  has_chat_support: boolean;
  /** The default icon shown in the extensions directory. */
  icon_url: string;
  /** The default icon at other sizes, by size (for example `24x24`). */
  icon_urls: Record<string, string>;
  /** The extension's ID. */
  id: string;
  /** The extension's name. */
  name: string;
  /** The extension's privacy policy. */
  privacy_policy_url: string;
  /** The extension asks viewers to link their platform identity. */
  request_identity_link: boolean;
  /** The screenshots shown in the extensions marketplace. */
  screenshot_urls: string[];
  /** The version's review state. */
  state: ExtensionState;
  /** Whether the extension can see a viewer's subscription to the channel. */
  subscriptions_support_level: 'none' | 'optional';
  /** The short description shown in the extension manager. */
  summary: string;
  /** The address users write to for support. */
  support_email: string;
  /** The version number. */
  version: string;
  /** The description shown on the channel, of how the extension works. */
  viewer_summary: string;
  /** How the extension is shown in each kind of slot. */
  views: ExtensionViews;
  /** The configuration addresses the extension may show. */
  allowlisted_config_urls: string[];
  /** The panel addresses the extension may show. */
  allowlisted_panel_urls: string[];
}

/** A version to add: its number, its state (`Released` by default) and any field to set; the rest have defaults. */
export type ExtensionVersionInput = {
  /** The version number. */
  version: string;
  /** The version's review state; `Released` by default. */
  state?: ExtensionState;
  /** The extension's name. */
  name?: string;
  /** How the extension is shown in each kind of slot; the fields left out have defaults. */
  views?: { [K in keyof ExtensionViews]?: Partial<ExtensionViews[K]> };
} & Partial<Omit<ExtensionVersionRecord, 'id' | 'version' | 'state' | 'name' | 'views'>>;

/** A shared secret (times in epoch ms). */
export interface ExtensionSecretRecord {
  /** The secret, base64; its decoded bytes sign the JWTs. */
  content: string;
  /** When the secret starts signing (epoch ms). */
  active_at: number;
  /** When the secret stops being accepted (epoch ms). */
  expires_at: number;
}

/** A configuration segment as set. */
export interface ConfigurationSegmentRecord {
  /** The segment's kind. */
  segment: ConfigurationSegment;
  /** For the broadcaster and developer segments. */
  broadcaster_id?: string;
  /** The segment's content, as set. */
  content: string;
  /** The version string set with the content. */
  version: string;
}

/** A Bits product of an extension, as Get Extension Bits Products answers it. */
export interface BitsProductRecord {
  /** The product's SKU, unique within the extension. */
  sku: string;
  /** What the product costs. */
  cost: {
    /** The price, in Bits. */
    amount: number;
    /** The currency: always `bits`. */
    type: 'bits';
  };
  /** The product is in development, not available to the public. */
  in_development: boolean;
  /** The product's name, shown to viewers. */
  display_name: string;
  /** RFC3339, or empty when the product does not expire. */
  expiration: string;
  /** Purchases of the product are broadcast to every instance of the extension on the channel. */
  is_broadcast: boolean;
}

/** A message sent with Send Extension PubSub Message. */
export interface PubSubMessageRecord {
  /** The extension that sent the message. */
  extension_id: string;
  /** The audiences the message went to (`broadcast`, `global` or `whisper-<user ID>`). */
  target: string[];
  /** Undefined for a global broadcast. */
  broadcaster_id: string | undefined;
  /** The message went to every channel that has the extension (`global`). */
  is_global_broadcast: boolean;
  /** The message, as sent. */
  message: string;
  /** Epoch ms. */
  sent_at: number;
}

/** A message sent with Send Extension Chat Message. */
export interface ExtensionChatMessageRecord {
  /** The extension that sent the message. */
  extension_id: string;
  /** The extension version that sent it. */
  extension_version: string;
  /** The channel whose chat the message went to. */
  broadcaster_id: string;
  /** The message's text. */
  text: string;
  /** Epoch ms. */
  sent_at: number;
}

/** What Set Extension Required Configuration left for a channel. */
export interface RequiredConfigurationRecord {
  /** The extension version the configuration is required for. */
  extension_version: string;
  /** The required configuration string the channel must match. */
  required_configuration: string;
}

/** An extension the mock knows, with everything the extension routes read and change. */
export interface ExtensionEntry {
  /** The extension's client ID, which is its ID. */
  readonly clientId: string;
  /** The user who owns it. */
  readonly ownerId: string;
  /** Its versions in the order they were added. */
  readonly versions: Map<string, ExtensionVersionRecord>;
  /** Its shared secrets, oldest first (expired ones are dropped when looked at). */
  secrets: ExtensionSecretRecord[];
  /** Configuration segments by `segment` or `segment:broadcaster_id`. */
  readonly configuration: Map<string, ConfigurationSegmentRecord>;
  /** Required configuration by broadcaster ID. */
  readonly requiredConfiguration: Map<string, RequiredConfigurationRecord>;
  /** Broadcasters streaming live with it installed or active, in the order they went live. */
  readonly live: Set<string>;
  /** Its Bits products by SKU. */
  readonly bitsProducts: Map<string, BitsProductRecord>;
  /** The PubSub messages it sent, oldest first. */
  readonly pubsub: PubSubMessageRecord[];
  /** The chat messages it sent, oldest first. */
  readonly chat: ExtensionChatMessageRecord[];
}

/** A secret stays in service this long unless a newer one replaces it (the reference's example: a century). */
const SECRET_LIFETIME_MS = 100 * 365 * 24 * 3600 * 1000;
/** The shortest (and default) delay before a new secret is active, in seconds. */
export const SECRET_MIN_DELAY = 300;

/** The key of a configuration segment in `ExtensionEntry.configuration`. */
export function segmentKey(segment: ConfigurationSegment, broadcasterId: string | undefined): string {
  return segment === 'global' ? segment : `${segment}:${broadcasterId ?? ''}`;
}

/** The extensions of one mock, and the logic of the extensions controls. */
export class ExtensionsState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'extensions', fields: ['entries'] } as const;
  /** Every extension by client ID, in the order added, with everything it has (versions, secrets, messages...). */
  readonly entries = new Map<string, ExtensionEntry>();

  constructor(readonly context: HelixContext) {}

  /** The extension whose client ID this is, if any. */
  get(clientId: string): ExtensionEntry | undefined {
    return this.entries.get(clientId);
  }

  /** The extension, or an Error for a test that names an unknown one. */
  require(clientId: string): ExtensionEntry {
    const entry = this.entries.get(clientId);
    if (!entry) throw new Error(`No extension ${clientId}: add it with mock.extensions.add() first.`);
    return entry;
  }

  /** Every extension, in the order added. */
  all(): ExtensionEntry[] {
    return [...this.entries.values()];
  }

  /** Registers an extension with one secret in service from now. */
  create(clientId: string, ownerId: string, secret: string | undefined): ExtensionEntry {
    if (this.entries.has(clientId)) throw new Error(`The extension ${clientId} exists already.`);
    if (!this.context.state.user(ownerId)) throw new Error(`No user ${ownerId} to own the extension.`);
    if (secret !== undefined && (secret === '' || Buffer.from(secret, 'base64').length === 0)) throw new Error('The extension secret must be base64 text of at least one byte.');
    const now = this.context.now();
    const entry: ExtensionEntry = {
      clientId,
      ownerId,
      versions: new Map(),
      secrets: [{ content: secret ?? newSecret(), active_at: now, expires_at: now + SECRET_LIFETIME_MS }],
      configuration: new Map(),
      requiredConfiguration: new Map(),
      live: new Set(),
      bitsProducts: new Map(),
      pubsub: [],
      chat: [],
    };
    this.entries.set(clientId, entry);
    return entry;
  }

  /** Adds (or replaces) a version; fields left out get defaults, the name that of the newest version. */
  setVersion(entry: ExtensionEntry, input: ExtensionVersionInput, name?: string): ExtensionVersionRecord {
    if (input.version === '') throw new Error('An extension version needs a version number.');
    if (input.state !== undefined && !EXTENSION_STATES.includes(input.state)) throw new Error(`Unknown extension state "${input.state}": use ${EXTENSION_STATES.join(', ')}.`);
    const latest = [...entry.versions.values()].at(-1);
    const record = versionRecord(entry.clientId, input, input.name ?? name ?? latest?.name ?? entry.clientId, this.context.state.user(entry.ownerId)?.display_name ?? '');
    entry.versions.set(record.version, record);
    return record;
  }

  /** The secrets not yet expired (what Get Extension Secrets lists). */
  secretsOf(entry: ExtensionEntry): ExtensionSecretRecord[] {
    const now = this.context.now();
    entry.secrets = entry.secrets.filter((secret) => secret.expires_at > now);
    return entry.secrets;
  }

  /** The secrets a JWT may be signed with now: active and not expired. */
  secretsInService(entry: ExtensionEntry): ExtensionSecretRecord[] {
    const now = this.context.now();
    return this.secretsOf(entry).filter((secret) => secret.active_at <= now);
  }

  /**
   * Create Extension Secret: a new secret, active after `delaySeconds`. The secrets in service
   * are taken out of it: they stay valid for the switch-over, until an hour and the delay after
   * the new one is active (the reference's example: 65 minutes with the 5-minute delay).
   */
  rotate(entry: ExtensionEntry, delaySeconds: number, content = newSecret()): ExtensionSecretRecord[] {
    const now = this.context.now();
    const activeAt = now + delaySeconds * 1000;
    const retireAt = activeAt + 3600_000 + delaySeconds * 1000;
    for (const secret of this.secretsOf(entry)) secret.expires_at = Math.min(secret.expires_at, retireAt);
    entry.secrets.push({ content, active_at: activeAt, expires_at: activeAt + SECRET_LIFETIME_MS });
    return entry.secrets;
  }

  /** A JWT for this extension, signed with its newest secret in service; `role: external`, the owner and a minute of life unless `claims` say otherwise. */
  jwt(entry: ExtensionEntry, claims: ExtensionJwtClaims = {}): string {
    const secret = this.secretsInService(entry).at(-1);
    if (!secret) throw new Error(`The extension ${entry.clientId} has no secret in service now.`);
    const exp = Math.floor(this.context.now() / 1000) + 60;
    return signExtensionJwt({ exp, user_id: entry.ownerId, role: 'external', ...claims }, secret.content);
  }

  /** `mock.extensions.add()`: the extension (and an app of its client ID), its versions, segments, products and live channels. */
  add(input: ExtensionInput): ExtensionEntry {
    const { state } = this.context;
    const { clientId, name, ownerId, secret, versions = [], configuration = [], bitsProducts = [], liveChannels = [], ...first } = input;
    const extension = this.create(clientId, ownerId, secret);
    if (!state.clients.has(clientId)) state.addClient({ clientId });
    this.setVersion(extension, first, name);
    for (const version of versions) this.setVersion(extension, version);
    for (const segment of configuration) this.setConfiguration(extension, segment);
    for (const product of bitsProducts) this.setBitsProduct(extension, product);
    for (const broadcasterId of liveChannels) this.setLive(extension, broadcasterId, true);
    return extension;
  }

  /** Moves a version to another review state. */
  setVersionState(clientId: string, version: string, newState: ExtensionState): ExtensionVersionRecord {
    const extension = this.require(clientId);
    const record = extension.versions.get(version);
    if (!record) throw new Error(`The extension ${clientId} has no version ${version}.`);
    return this.setVersion(extension, { ...record, state: newState });
  }

  /** Sets a configuration segment as Set Extension Configuration Segment would. */
  setConfiguration(extension: ExtensionEntry, input: ConfigurationSegmentInput): ConfigurationSegmentRecord {
    if (!SEGMENTS.includes(input.segment)) throw new Error(`Unknown configuration segment "${input.segment}": use ${SEGMENTS.join(', ')}.`);
    if (input.segment !== 'global' && !input.broadcaster_id) throw new Error(`The ${input.segment} segment needs a broadcaster_id.`);
    const broadcasterId = input.segment === 'global' ? undefined : input.broadcaster_id;
    const record: ConfigurationSegmentRecord = { segment: input.segment, ...(broadcasterId === undefined ? {} : { broadcaster_id: broadcasterId }), content: input.content, version: input.version ?? '' };
    extension.configuration.set(segmentKey(input.segment, broadcasterId), record);
    return record;
  }

  /** Adds or replaces a Bits product, as Update Extension Bits Product would. */
  setBitsProduct(extension: ExtensionEntry, input: BitsProductInput): BitsProductRecord {
    const product = productOf({ ...input, cost: { type: 'bits', ...input.cost } });
    extension.bitsProducts.set(product.sku, product);
    return product;
  }

  /** A broadcaster goes live with the extension (or stops); whether anything changed. */
  setLive(extension: ExtensionEntry, broadcasterId: string, live: boolean): boolean {
    if (!this.context.state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}.`);
    if (live === extension.live.has(broadcasterId)) return false;
    if (live) extension.live.add(broadcasterId);
    else extension.live.delete(broadcasterId);
    return true;
  }
}

const SKU = /^[A-Za-z0-9._-]+$/;
const SKU_MAX = 255;
const DISPLAY_NAME_MAX = 255;
/** A product's price in Bits. */
const BITS_MIN = 1;
const BITS_MAX = 10_000;

/** An optional boolean body field, false when left out. */
function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new HttpError(400, `The field "${name}" must be true or false`);
  return value;
}

/**
 * The body of Update Extension Bits Product as a product, or 400 naming the field at fault (the
 * route's and `setBitsProduct()`'s check).
 */
export function productOf(body: Record<string, unknown>): BitsProductRecord {
  const sku = body.sku;
  if (typeof sku !== 'string' || !SKU.test(sku) || sku.length > SKU_MAX) {
    throw new HttpError(400, `The value in the "sku" field is not valid: it may contain only letters, digits, dashes (-), underscores (_) and periods (.), at most ${SKU_MAX} characters`);
  }
  const cost = body.cost;
  if (typeof cost !== 'object' || cost === null || Array.isArray(cost)) throw new HttpError(400, 'The field "cost" must be an object with "amount" and "type"');
  const { amount, type } = cost as Record<string, unknown>;
  if (amount === undefined || amount === null) throw new HttpError(400, 'Missing required parameter "cost.amount"');
  if (type === undefined || type === null || type === '') throw new HttpError(400, 'Missing required parameter "cost.type"');
  if (type !== 'bits') throw new HttpError(400, 'The value in the "cost.type" field is not valid: it must be bits');
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < BITS_MIN || amount > BITS_MAX) {
    throw new HttpError(400, `The value in the "cost.amount" field is not valid: it must be a whole number from ${BITS_MIN} to ${BITS_MAX}`);
  }
  const displayName = stringField(body.display_name, 'display_name');
  if (Array.from(displayName).length > DISPLAY_NAME_MAX) throw new HttpError(400, `The field "display_name" may be at most ${DISPLAY_NAME_MAX} characters`);
  const expiration = body.expiration === undefined || body.expiration === null || body.expiration === '' ? '' : iso(rfc3339(body.expiration, 'expiration'));
  return {
    sku,
    cost: { amount, type: 'bits' },
    in_development: flag(body.in_development, 'in_development'),
    display_name: displayName,
    expiration,
    is_broadcast: flag(body.is_broadcast, 'is_broadcast'),
  };
}

/** 32 random bytes, base64, as a new shared secret. */
function newSecret(): string {
  return randomBytes(32).toString('base64');
}

/** A version record: the input's fields over defaults in the shape of the reference's example. */
function versionRecord(clientId: string, input: ExtensionVersionInput, name: string, authorName: string): ExtensionVersionRecord {
  const { version, state, views, name: _name, ...fields } = input;
  const pages = `https://${clientId}.ext.example/${clientId}/${version}`;
  const images = `https://static.example/extensions/${clientId}/${version}`;
  const defaults: ExtensionViews = {
    mobile: { viewer_url: `${pages}/mobile.html` },
    panel: { viewer_url: `${pages}/panel.html`, height: 300, can_link_external_content: false },
    video_overlay: { viewer_url: `${pages}/video_overlay.html`, can_link_external_content: false },
    component: {
      viewer_url: `${pages}/video_component.html`,
      aspect_width: 0,
      aspect_height: 0,
      aspect_ratio_x: 48000,
      aspect_ratio_y: 36000,
      autoscale: true,
      scale_pixels: 1024,
      target_height: 5333,
      size: 0,
      zoom: false,
      zoom_pixels: 0,
      can_link_external_content: false,
    },
    config: { viewer_url: `${pages}/config.html`, can_link_external_content: false },
  };
  return {
    author_name: authorName,
    bits_enabled: false,
    can_install: true,
    configuration_location: 'none',
    description: '',
    eula_tos_url: '',
    has_chat_support: false,
    icon_url: `${images}/icon-100x100.png`,
    icon_urls: { '100x100': `${images}/icon-100x100.png`, '24x24': `${images}/icon-24x24.png`, '300x200': `${images}/discovery-300x200.png` },
    privacy_policy_url: '',
    request_identity_link: false,
    screenshot_urls: [],
    subscriptions_support_level: 'none',
    summary: '',
    support_email: '',
    viewer_summary: '',
    allowlisted_config_urls: [],
    allowlisted_panel_urls: [],
    ...fields,
    id: clientId,
    name,
    state: state ?? 'Released',
    version,
    views: {
      mobile: { ...defaults.mobile, ...views?.mobile },
      panel: { ...defaults.panel, ...views?.panel },
      video_overlay: { ...defaults.video_overlay, ...views?.video_overlay },
      component: { ...defaults.component, ...views?.component },
      config: { ...defaults.config, ...views?.config },
    },
  };
}

// ---- Routes that take an Extension Backend Service's JWT ----------------------------------------

/** What a JWT route's handler receives once its checks have passed. */
export interface JwtRouteCall {
  readonly request: MockRequest;
  readonly context: HelixContext;
  /** The extension of the `Client-Id` header, whose secret signed the JWT. */
  readonly extension: ExtensionEntry;
  readonly claims: ExtensionJwtClaims;
}

/**
 * A route that takes a JWT instead of an OAuth token, as a row: the claims the reference requires
 * of it, the required query parameters and body fields, and the behaviour.
 */
export interface JwtRouteRow {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly claims: readonly RequiredClaim[];
  readonly query?: readonly string[];
  readonly body?: readonly string[];
  /** The behaviour, given the group's state. */
  readonly handle: (call: JwtRouteCall, extensions: ExtensionsState) => MockResponse;
}

/**
 * Registers JWT routes: the `Authorization: Bearer` JWT and the `Client-Id` header are checked
 * first (401: missing, not signed by a secret in service of the extension that `Client-Id` names,
 * expired, or without a claim the route requires), then the required parameters (400).
 */
export function registerJwtRoutes(router: Router, extensions: ExtensionsState, rows: readonly JwtRouteRow[]): void {
  const { context } = extensions;
  for (const row of rows) {
    router.add(row.method, row.path, (request) => {
      const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
      if (!match) throw new HttpError(401, 'The Authorization header is required and must specify a JWT token.');
      const clientId = request.headers['client-id'];
      if (typeof clientId !== 'string' || clientId === '') throw new HttpError(401, 'The Client-Id header is required.');
      const extension = extensions.get(clientId);
      if (!extension) throw new HttpError(401, 'The JWT token is not valid: the Client-Id header does not name an extension');
      const secrets = extensions.secretsInService(extension).map((secret) => secret.content);
      const claims = verifyExtensionJwt(match[1]!, secrets, context.now(), row.claims);
      for (const name of row.query ?? []) required(request, name);
      for (const name of row.body ?? []) requiredField(request, name);
      return row.handle({ request, context, extension, claims }, extensions);
    });
  }
}

/** An `extension_id` (query or body) that must be the extension whose secret signed the JWT (401 otherwise). */
export function requireOwnExtension(call: JwtRouteCall, extensionId: unknown): void {
  if (extensionId !== call.extension.clientId) {
    throw new HttpError(401, 'The JWT token is not valid for the extension in extension_id: it must be the extension of the Client-Id header');
  }
}

/** A string field of the body, or 400 naming it. */
export function stringField(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new HttpError(400, `The field "${name}" must be a string`);
  return value;
}

/** At most `maxBytes` of UTF-8, or `status` naming the field and the limit. */
export function requireBytes(text: string, name: string, maxBytes: number, status = 400): string {
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new HttpError(status, `The field "${name}" is too large: it may hold at most ${maxBytes / 1024} KB (${maxBytes} bytes of UTF-8)`);
  return text;
}
