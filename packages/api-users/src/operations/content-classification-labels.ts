import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ContentClassificationLabel } from '../types';

/** Parameters of `contentClassificationLabels`. */
export interface ContentClassificationLabelsParams {
  /**
   * The language of the names and descriptions, for example `de-DE`; the platform's default is
   * `en-US`. Its reference lists bg-BG, cs-CZ, da-DK, de-DE, el-GR, en-GB, en-US, es-ES, es-MX,
   * fi-FI, fr-FR, hu-HU, it-IT, ja-JP, ko-KR, nl-NL, no-NO, pl-PL, pt-BT (sic), pt-PT, ro-RO,
   * ru-RU, sk-SK, sv-SE, th-TH, tr-TR, vi-VN, zh-CN and zh-TW.
   */
  locale?: string;
}

/** Declaration of `contentClassificationLabels.contentClassificationLabels`: GET /content_classification_labels, either token, no scope. */
export const contentClassificationLabelsOperation = /* @__PURE__ */ defineOperation<ContentClassificationLabelsParams, ContentClassificationLabel[]>({
  name: 'contentClassificationLabels.contentClassificationLabels',
  method: 'GET',
  path: '/content_classification_labels',
  token: 'either',
  scopes: [],
  params: {
    locale: { type: 'string', in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the content classification labels a channel can carry, with their names and
 * descriptions in one locale.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Content Classification Labels
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const labels = await contentClassificationLabels(client, { locale: 'fr-FR' });
 */
export function contentClassificationLabels(
  client: ClientHandle,
  params?: ContentClassificationLabelsParams,
  options?: RequestOptions,
): Promise<ContentClassificationLabel[]> {
  return callOperation(client, contentClassificationLabelsOperation, params, options);
}
