import { dataResult, defineOperation, type ClientHandle } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkSegmentChannel, choicesParam } from '../checks';
import type { ExtensionConfigurationSegment, ExtensionConfigurationSegmentType } from '../types';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `extensionConfiguration`. */
export interface ExtensionConfigurationParams {
  /** The extension whose configuration is read. */
  extension_id: string;
  /**
   * The segment or segments to get (`broadcaster`, `developer`, `global`, case-sensitive), sent as a
   * repeated key; the answer keeps this order and ignores repeats.
   */
  segment: ExtensionConfigurationSegmentType | ExtensionConfigurationSegmentType[];
  /** The broadcaster who installed the extension: needed with `broadcaster` or `developer`, refused with `global` alone. */
  broadcaster_id?: string;
}

/** Declaration of `extensions.extensionConfiguration`: GET /extensions/configurations, extension JWT. */
export const extensionConfigurationOperation = /* @__PURE__ */ defineOperation<ExtensionConfigurationParams, ExtensionConfigurationSegment[]>({
  name: 'extensions.extensionConfiguration',
  method: 'GET',
  path: '/extensions/configurations',
  token: 'extension',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    segment: { type: choicesParam, in: 'query', required: true, oneOf: ['broadcaster', 'developer', 'global'] },
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: dataResult,
});

/**
 * Gets configuration segments of an extension, in the order asked for.
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`, `user_id`:
 * the owner); no OAuth token. The platform allows each segment to be read 20 times a minute (429).
 * Limits: `segment` one or more of `broadcaster`, `developer`, `global`; `broadcaster_id` is needed
 * with `broadcaster` or `developer` and refused with `global` alone.
 *
 * @platformName Get Extension Configuration Segment
 * @throws PlatformError when a segment is unknown, `broadcaster_id` does not match the segments, a
 * required parameter or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (401 for a JWT it does not accept).
 * @example
 * const [global] = await extensionConfiguration(client, { extension_id: 'abc', segment: 'global' }, { extension: { clientId: 'abc', secret, ownerId } });
 */
export async function extensionConfiguration(client: ClientHandle, params: ExtensionConfigurationParams, options: ExtensionRequestOptions): Promise<ExtensionConfigurationSegment[]> {
  params = ownParams(params); // its rules read what is sent
  // In an async function: a broken rule rejects the promise, as every operation does.
  checkSegmentChannel(extensionConfigurationOperation.name, params);
  return callSigned(client, extensionConfigurationOperation, params, options);
}
