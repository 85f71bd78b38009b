// The public surface of @platform/api-extensions: every operation (function, declaration, parameter type) of the
// extensions, analytics and entitlements groups, and their resource types.
export { extensionConfiguration, extensionConfigurationOperation, type ExtensionConfigurationParams } from './operations/extension-configuration';
export { setExtensionConfiguration, setExtensionConfigurationOperation, type SetExtensionConfigurationParams } from './operations/set-extension-configuration';
export {
  setExtensionRequiredConfiguration,
  setExtensionRequiredConfigurationOperation,
  type SetExtensionRequiredConfigurationParams,
} from './operations/set-extension-required-configuration';
export {
  sendExtensionPubSubMessage,
  sendExtensionPubSubMessageOperation,
  type SendExtensionPubSubMessageParams,
  type ExtensionPubSubTarget,
} from './operations/send-extension-pub-sub-message';
export { extensionLiveChannels, extensionLiveChannelsOperation, type ExtensionLiveChannelsParams } from './operations/extension-live-channels';
export { extensionSecrets, extensionSecretsOperation, type ExtensionSecretsParams } from './operations/extension-secrets';
export { createExtensionSecret, createExtensionSecretOperation, type CreateExtensionSecretParams } from './operations/create-extension-secret';
export { sendExtensionChatMessage, sendExtensionChatMessageOperation, type SendExtensionChatMessageParams } from './operations/send-extension-chat-message';
export { extension, extensionOperation, type ExtensionParams } from './operations/extension';
export { releasedExtension, releasedExtensionOperation, type ReleasedExtensionParams } from './operations/released-extension';
export { extensionBitsProducts, extensionBitsProductsOperation, type ExtensionBitsProductsParams } from './operations/extension-bits-products';
export { updateExtensionBitsProduct, updateExtensionBitsProductOperation, type UpdateExtensionBitsProductParams } from './operations/update-extension-bits-product';
export { extensionAnalytics, extensionAnalyticsOperation, type ExtensionAnalyticsParams } from './operations/extension-analytics';
export { gameAnalytics, gameAnalyticsOperation, type GameAnalyticsParams } from './operations/game-analytics';
export { dropsEntitlements, dropsEntitlementsOperation, type DropsEntitlementsParams } from './operations/drops-entitlements';
export { updateDropsEntitlements, updateDropsEntitlementsOperation, type UpdateDropsEntitlementsParams } from './operations/update-drops-entitlements';
export type { ExtensionRequestOptions } from './extension-jwt';
export type {
  ExtensionConfigurationSegmentType,
  ExtensionConfigurationSegment,
  ExtensionLiveChannel,
  ExtensionSecret,
  ExtensionSecrets,
  ExtensionConfigurationLocation,
  ExtensionState,
  ExtensionSubscriptionsSupportLevel,
  ExtensionMobileView,
  ExtensionPanelView,
  ExtensionVideoOverlayView,
  ExtensionComponentView,
  ExtensionConfigView,
  ExtensionViews,
  Extension,
  ExtensionBitsProductCost,
  ExtensionBitsProduct,
  AnalyticsReportType,
  AnalyticsDateRange,
  ExtensionAnalyticsReport,
  GameAnalyticsReport,
  DropsFulfillmentStatus,
  DropsEntitlement,
  DropsEntitlementUpdateStatus,
  DropsEntitlementUpdate,
} from './types';
