import { defineOperation, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkWindow } from '../checks';
import type { AnalyticsReportType, ExtensionAnalyticsReport } from '../types';
import { oauthOptions } from '../extension-jwt';

/** Parameters of `extensionAnalytics`. */
export interface ExtensionAnalyticsParams {
  /** One extension's report; without it, a report for each extension the user owns. */
  extension_id?: string;
  /** The kind of report: `overview_v2`. */
  type?: AnalyticsReportType;
  /**
   * The window's first day (RFC 3339, time at zero, e.g. `2021-10-22T00:00:00Z`); needs `ended_at`.
   * The platform starts no earlier than 2018-01-31. Without a window, all the data since then.
   */
  started_at?: string;
  /** The window's last day, included (RFC 3339, time at zero); needs `started_at`. Data arrives one to two days late. */
  ended_at?: string;
  /** Page size, 1 to 100; the platform's default is 20, and it sends at most 20 a page. */
  first?: number;
  /** The cursor to start after; the platform ignores it when `extension_id` is set. */
  after?: string;
}

/** Declaration of `analytics.extensionAnalytics`: GET /analytics/extensions, user token, analytics:read:extensions. */
export const extensionAnalyticsOperation = /* @__PURE__ */ defineOperation<ExtensionAnalyticsParams, ExtensionAnalyticsReport>({
  name: 'analytics.extensionAnalytics',
  method: 'GET',
  path: '/analytics/extensions',
  token: 'user',
  scopes: ['analytics:read:extensions'],
  params: {
    extension_id: { type: 'string', in: 'query' },
    type: { type: stringParam, in: 'query', oneOf: ['overview_v2'] },
    started_at: { type: 'string', in: 'query' },
    ended_at: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists analytics reports of the user's extensions: for each, the address of a CSV file (valid 5
 * minutes) with one row per day the extension was used in the window.
 *
 * Token: user only; analytics:read:extensions.
 * Limits: `first` 1 to 100; `type` `overview_v2`; `started_at` and `ended_at` together or not at
 * all, the end not before the start.
 *
 * @platformName Get Extension Analytics
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 for an unknown extension).
 * @example
 * for await (const report of extensionAnalytics(client, { started_at: '2026-01-01T00:00:00Z', ended_at: '2026-01-31T00:00:00Z' })) console.log(report.extension_id, report.URL);
 */
export function extensionAnalytics(client: ClientHandle, params?: ExtensionAnalyticsParams, options?: RequestOptions): Paginator<ExtensionAnalyticsReport, OperationPage<ExtensionAnalyticsReport>> {
  params = ownParams(params); // its rules read what is sent
  checkWindow(extensionAnalyticsOperation.name, params);
  return paginateOperation(client, extensionAnalyticsOperation, params, oauthOptions(extensionAnalyticsOperation, options));
}
