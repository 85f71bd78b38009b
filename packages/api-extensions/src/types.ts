// ---- extensions: configuration ---------------------------------------------------------------

/** A configuration segment of an extension: set by the broadcaster, the developer, or for every channel. */
export type ExtensionConfigurationSegmentType = 'broadcaster' | 'developer' | 'global';

/** One configuration segment of an extension, as `extensionConfiguration` gives it. */
export interface ExtensionConfigurationSegment {
  /** Which segment this is. */
  segment: ExtensionConfigurationSegmentType;
  /** The broadcaster who installed the extension; present for the `broadcaster` and `developer` segments only. */
  broadcaster_id?: string;
  /** The segment's contents: plain text or a string-encoded JSON object. */
  content: string;
  /** The version that identifies this definition of the segment's data. */
  version: string;
}

// ---- extensions: live channels ------------------------------------------------------------

/** A broadcaster streaming live with the extension installed or active. */
export interface ExtensionLiveChannel {
  /** The broadcaster streaming live with the extension installed or active. */
  broadcaster_id: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The category or game being streamed. */
  game_name: string;
  /** The ID of the category or game being streamed. */
  game_id: string;
  /** The stream's title; may be empty. */
  title: string;
}

// ---- extensions: secrets --------------------------------------------------------------------

/** A shared secret of an extension, used to sign and verify its JWTs. */
export interface ExtensionSecret {
  /** The secret itself, base64: what the `extension` request option's `secret` takes. */
  content: string;
  /** From when the secret may sign a JWT (RFC 3339, UTC). */
  active_at: string;
  /** When the secret stops being accepted to decode a JWT (RFC 3339, UTC). */
  expires_at: string;
}

/** The shared secrets of an extension, as `extensionSecrets` and `createExtensionSecret` give them. */
export interface ExtensionSecrets {
  /** The version that identifies this definition of the secrets' data. */
  format_version: number;
  /** The secrets, the current ones and, after `createExtensionSecret`, the new one. */
  secrets: ExtensionSecret[];
}

// ---- extensions: the extension itself --------------------------------------------------------

/** Where an extension's configuration is kept: the platform's configuration service, the extension's own backend, or none needed. */
export type ExtensionConfigurationLocation = 'hosted' | 'custom' | 'none';

/** The review state of an extension version. */
export type ExtensionState = 'Approved' | 'AssetsUploaded' | 'Deleted' | 'Deprecated' | 'InReview' | 'InTest' | 'PendingAction' | 'Rejected' | 'Released';

/** Whether the extension can see the user's subscription level on the channel. */
export type ExtensionSubscriptionsSupportLevel = 'none' | 'optional';

/** How the extension shows on mobile devices. */
export interface ExtensionMobileView {
  /** The HTML file shown to viewers on mobile devices, as a panel behind the chat area. */
  viewer_url: string;
}

/** How the extension shows when activated as a panel. */
export interface ExtensionPanelView {
  /** The HTML file shown to viewers on the channel page when the extension is in a panel slot. */
  viewer_url: string;
  /** The panel's height in pixels. */
  height: number;
  /** Whether the extension may link to other domains. */
  can_link_external_content: boolean;
}

/** How the extension shows when activated as a video overlay. */
export interface ExtensionVideoOverlayView {
  /** The HTML file shown to viewers on the channel page when the extension is in the video overlay slot. */
  viewer_url: string;
  /** Whether the extension may link to other domains. */
  can_link_external_content: boolean;
}

/** How the extension shows when activated as a video component. */
export interface ExtensionComponentView {
  /** The HTML file shown to viewers on the channel page when the extension is in a video component slot. */
  viewer_url: string;
  /** The width part of the width : height ratio. */
  aspect_ratio_x: number;
  /** The height part of the width : height ratio. */
  aspect_ratio_y: number;
  /** Whether a CSS zoom keeps the inner dimensions fixed (see `scale_pixels`). */
  autoscale: boolean;
  /** The base width in pixels for scaling; ignored when `autoscale` is false. */
  scale_pixels: number;
  /** The height as a percentage of a video component's maximum height. */
  target_height: number;
  /** Whether the extension may link to other domains. */
  can_link_external_content: boolean;
  /** Present in the platform's answers, not described in its reference. */
  aspect_width?: number;
  /** Present in the platform's answers, not described in its reference. */
  aspect_height?: number;
  /** Present in the platform's answers, not described in its reference. */
  size?: number;
  /** Present in the platform's answers, not described in its reference. */
  zoom?: boolean;
  /** Present in the platform's answers, not described in its reference. */
  zoom_pixels?: number;
}

/** The view shown to broadcasters while they configure the extension. */
export interface ExtensionConfigView {
  /** The HTML file shown to broadcasters while they configure the extension in the extensions manager. */
  viewer_url: string;
  /** Whether the extension may link to other domains. */
  can_link_external_content: boolean;
}

/** The views of an extension; a view is present for the kinds of slot the extension supports. */
export interface ExtensionViews {
  /** How the extension shows on mobile devices. */
  mobile?: ExtensionMobileView;
  /** How the extension shows when activated as a panel. */
  panel?: ExtensionPanelView;
  /** How the extension shows when activated as a video overlay. */
  video_overlay?: ExtensionVideoOverlayView;
  /** How the extension shows when activated as a video component. */
  component?: ExtensionComponentView;
  /** The view shown to broadcasters while they configure the extension. */
  config?: ExtensionConfigView;
}

/** An extension, as `extension` and `releasedExtension` give it. */
export interface Extension {
  /** The user or organization that owns the extension. */
  author_name: string;
  /** Whether the extension has features that use Bits. */
  bits_enabled: boolean;
  /** Whether a user can install it (false while it is in testing and needs an allowlist). */
  can_install: boolean;
  /** Where the extension's configuration is kept. */
  configuration_location: ExtensionConfigurationLocation;
  /** The longer description on the details page. */
  description: string;
  /** The address of the extension's terms of service. */
  eula_tos_url: string;
  /** Whether the extension can talk to the channel's chat. */
  has_chat_support: boolean;
  /** The default icon in the extensions directory. */
  icon_url: string;
  /** The icon in several sizes, by size (`24x24`, `100x100`, `300x200`...). */
  icon_urls: Record<string, string>;
  /** The extension's ID (its client ID). */
  id: string;
  /** The extension's name. */
  name: string;
  /** The address of the extension's privacy policy. */
  privacy_policy_url: string;
  /** Whether the extension asks viewers to link their identity. */
  request_identity_link: boolean;
  /** The addresses of the screenshots shown in the extensions marketplace. */
  screenshot_urls: string[];
  /** The extension's state. */
  state: ExtensionState;
  /** Whether the extension can see the user's subscription level on the channel. */
  subscriptions_support_level: ExtensionSubscriptionsSupportLevel;
  /** The short description streamers see in the extensions manager. */
  summary: string;
  /** The email address users write to for support. */
  support_email: string;
  /** The extension's version number. */
  version: string;
  /** The short description shown on the channel. */
  viewer_summary: string;
  /** How the extension shows, by kind of slot. */
  views: ExtensionViews;
  /** The allowlisted configuration addresses for showing the extension (set on the platform's developer site, under the version's capabilities). */
  allowlisted_config_urls: string[];
  /** The allowlisted panel addresses for showing the extension (set on the platform's developer site, under the version's capabilities). */
  allowlisted_panel_urls: string[];
}

// ---- extensions: Bits products -------------------------------------------------------------------

/** What a Bits product costs. */
export interface ExtensionBitsProductCost {
  /** The price, 1 to 10,000 Bits. */
  amount: number;
  /** The currency: always `bits`. */
  type: 'bits';
}

/** A Bits product of an extension. */
export interface ExtensionBitsProduct {
  /** The product's SKU, unique among the extension's products. */
  sku: string;
  /** What the product costs. */
  cost: ExtensionBitsProductCost;
  /** A product in development is not available to the public. */
  in_development: boolean;
  /** The product's name as the extension shows it. */
  display_name: string;
  /** When the product expires (RFC 3339); empty when it does not. */
  expiration: string;
  /** Whether purchase events go to every instance of the extension on the channel (`onTransactionComplete`). */
  is_broadcast: boolean;
}

// ---- analytics -----------------------------------------------------------------------------------

/** The kind of analytics report: `overview_v2`, the only one the platform offers. */
export type AnalyticsReportType = 'overview_v2';

/** The window a report covers (RFC 3339 dates). */
export interface AnalyticsDateRange {
  /** The window's start date. */
  started_at: string;
  /** The window's end date. */
  ended_at: string;
}

/** An extension's analytics report: where to download its CSV file. */
export interface ExtensionAnalyticsReport {
  /** The extension the report is about. */
  extension_id: string;
  /** The CSV file's address, valid for 5 minutes. */
  URL: string;
  /** The kind of report. */
  type: AnalyticsReportType;
  /** The window the report covers. */
  date_range: AnalyticsDateRange;
}

/** A game's analytics report: where to download its CSV file. */
export interface GameAnalyticsReport {
  /** The game the report is about. */
  game_id: string;
  /** The CSV file's address, valid for 5 minutes. */
  URL: string;
  /** The kind of report. */
  type: AnalyticsReportType;
  /** The window the report covers. */
  date_range: AnalyticsDateRange;
}

// ---- entitlements --------------------------------------------------------------------------------

/** Where a drops entitlement stands: the user claimed it, or the developer granted what was claimed. */
export type DropsFulfillmentStatus = 'CLAIMED' | 'FULFILLED';

/** A drops entitlement: a benefit a game granted to a user. */
export interface DropsEntitlement {
  /** The entitlement's ID. */
  id: string;
  /** The benefit (reward). */
  benefit_id: string;
  /** When the entitlement was granted (RFC 3339, UTC). */
  timestamp: string;
  /** The user who was granted it. */
  user_id: string;
  /** The game the user was playing. */
  game_id: string;
  /** The entitlement's fulfillment status. */
  fulfillment_status: DropsFulfillmentStatus;
  /** When the entitlement last changed (RFC 3339, UTC). */
  last_updated: string;
}

/**
 * The outcome of a drops entitlements update for some of the IDs: `SUCCESS`, `INVALID_ID`,
 * `NOT_FOUND`, `UNAUTHORIZED`, or `UPDATE_FAILED` (transient: try again later).
 */
export type DropsEntitlementUpdateStatus = 'INVALID_ID' | 'NOT_FOUND' | 'SUCCESS' | 'UNAUTHORIZED' | 'UPDATE_FAILED';

/** The entitlements of an update that share one outcome. */
export interface DropsEntitlementUpdate {
  /** The outcome for the entitlements in `ids`. */
  status: DropsEntitlementUpdateStatus;
  /** The entitlement IDs with that outcome. */
  ids: string[];
}
