import { callOperation, defineOperation, firstOrNullResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CharityCampaign } from '../types';

/** Parameters of `charityCampaign`. */
export interface CharityCampaignParams {
  /** The broadcaster running the campaign; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `charity.charityCampaign`: GET /charity/campaigns, user token, channel:read:charity. */
export const charityCampaignOperation = /* @__PURE__ */ defineOperation<CharityCampaignParams, CharityCampaign | null>({
  name: 'charity.charityCampaign',
  method: 'GET',
  path: '/charity/campaigns',
  token: 'user',
  scopes: ['channel:read:charity'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstOrNullResult,
});

/**
 * Gets the charity campaign the broadcaster is running, with its goal and the amount raised so
 * far; null when none is running (a campaign is gone once it ends).
 *
 * Token: user (the broadcaster's); channel:read:charity.
 *
 * @platformName Get Charity Campaign
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the broadcaster is not a partner or affiliate).
 * @example
 * const campaign = await charityCampaign(client);
 * if (campaign) console.log(campaign.current_amount.value / 10 ** campaign.current_amount.decimal_places);
 */
export function charityCampaign(client: ClientHandle, params?: CharityCampaignParams, options?: RequestOptions): Promise<CharityCampaign | null> {
  return callOperation(client, charityCampaignOperation, params, options);
}
