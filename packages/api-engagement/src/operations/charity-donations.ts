import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { CharityDonation } from '../types';

/** Parameters of `charityDonations`; every field is optional. */
export interface CharityDonationsParams {
  /** The broadcaster running the campaign; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `charity.charityDonations`: GET /charity/donations, user token, channel:read:charity. */
export const charityDonationsOperation = /* @__PURE__ */ defineOperation<CharityDonationsParams, CharityDonation>({
  name: 'charity.charityDonations',
  method: 'GET',
  path: '/charity/donations',
  token: 'user',
  scopes: ['channel:read:charity'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the donations to the broadcaster's active charity campaign, as a paginator: await it for
 * the first page, or iterate every donation. Empty when no campaign is running.
 *
 * Token: user (the broadcaster's); channel:read:charity.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Charity Campaign Donations
 * @throws PlatformError when `first` is outside 1 to 100 or not whole (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * for await (const donation of charityDonations(client)) console.log(donation.user_name, donation.amount.value);
 */
export function charityDonations(client: ClientHandle, params?: CharityDonationsParams, options?: RequestOptions): Paginator<CharityDonation, OperationPage<CharityDonation>> {
  return paginateOperation(client, charityDonationsOperation, params, options);
}
