// `@platform/api-extensions/groups`, the operation groups of the package as data: each object lists
// the operations that `Platform` binds as one group (`client.extensions`, `client.analytics`,
// `client.entitlements`), so a new operation is added here, in its own package. A subpath of its own
// keeps this data out of the package's index, and so out of the names `@platform/client` re-exports.
import { extensionConfiguration } from './operations/extension-configuration';
import { setExtensionConfiguration } from './operations/set-extension-configuration';
import { setExtensionRequiredConfiguration } from './operations/set-extension-required-configuration';
import { sendExtensionPubSubMessage } from './operations/send-extension-pub-sub-message';
import { extensionLiveChannels } from './operations/extension-live-channels';
import { extensionSecrets } from './operations/extension-secrets';
import { createExtensionSecret } from './operations/create-extension-secret';
import { sendExtensionChatMessage } from './operations/send-extension-chat-message';
import { extension } from './operations/extension';
import { releasedExtension } from './operations/released-extension';
import { extensionBitsProducts } from './operations/extension-bits-products';
import { updateExtensionBitsProduct } from './operations/update-extension-bits-product';
import { extensionAnalytics } from './operations/extension-analytics';
import { gameAnalytics } from './operations/game-analytics';
import { dropsEntitlements } from './operations/drops-entitlements';
import { updateDropsEntitlements } from './operations/update-drops-entitlements';

/** The extensions operations, as `client.extensions` binds them. */
export const extensionsGroup = {
  /** Gets configuration segments of an extension ({@link extensionConfiguration}). */
  extensionConfiguration,
  /** Sets a configuration segment of an extension ({@link setExtensionConfiguration}). */
  setExtensionConfiguration,
  /** Sets the required configuration of an extension on a channel ({@link setExtensionRequiredConfiguration}). */
  setExtensionRequiredConfiguration,
  /** Sends a PubSub message to one channel, every channel or single users ({@link sendExtensionPubSubMessage}). */
  sendExtensionPubSubMessage,
  /** Lists the broadcasters streaming live with the extension ({@link extensionLiveChannels}). */
  extensionLiveChannels,
  /** Gets the shared secrets of an extension ({@link extensionSecrets}). */
  extensionSecrets,
  /** Creates a new shared secret for an extension ({@link createExtensionSecret}). */
  createExtensionSecret,
  /** Sends a message to a channel's chat in the extension's name ({@link sendExtensionChatMessage}). */
  sendExtensionChatMessage,
  /** Gets an extension in any state ({@link extension}). */
  extension,
  /** Gets a released extension ({@link releasedExtension}). */
  releasedExtension,
  /** Lists the Bits products of the client's extension ({@link extensionBitsProducts}). */
  extensionBitsProducts,
  /** Adds or updates a Bits product of the extension ({@link updateExtensionBitsProduct}). */
  updateExtensionBitsProduct,
} as const;

/** The analytics operations, as `client.analytics` binds them. */
export const analyticsGroup = {
  /** Lists analytics reports of the user's extensions ({@link extensionAnalytics}). */
  extensionAnalytics,
  /** Lists analytics reports of the user's games ({@link gameAnalytics}). */
  gameAnalytics,
} as const;

/** The entitlements operations, as `client.entitlements` binds them. */
export const entitlementsGroup = {
  /** Lists the drops entitlements of the organization ({@link dropsEntitlements}). */
  dropsEntitlements,
  /** Sets the fulfillment status of drops entitlements ({@link updateDropsEntitlements}). */
  updateDropsEntitlements,
} as const;
