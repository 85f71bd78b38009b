import type { UserFields } from './common';

/** One drop entitlement granted to a user. */
export interface DropEntitlementGrantData extends UserFields {
  organization_id: string;
  category_id: string;
  category_name: string;
  campaign_id: string;
  entitlement_id: string;
  benefit_id: string;
  created_at: string;
}

/**
 * `drop.entitlement.grant`: drop entitlements granted. Delivered in batches: the event is the
 * array as delivered (`payload.events`), each entry with its own `id` to deduplicate on.
 */
export type DropEntitlementGrantEvent = Array<{ id: string; data: DropEntitlementGrantData }>;
