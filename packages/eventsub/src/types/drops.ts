import type { UserFields } from './common';

/** One drop entitlement granted to a user. */
export interface DropEntitlementGrantData extends UserFields {
  /** The ID of the organization that owns the game with Drops enabled. */
  organization_id: string;
  /** The category ID of the game being played when the benefit was entitled. */
  category_id: string;
  /** The category's name. */
  category_name: string;
  /** The campaign the entitlement belongs to. */
  campaign_id: string;
  /** The entitlement's ID; deduplicate entitlements on it. */
  entitlement_id: string;
  /** The benefit's ID. */
  benefit_id: string;
  /** When the entitlement was granted (UTC, ISO format). */
  created_at: string;
}

/**
 * `drop.entitlement.grant`: drop entitlements granted. Delivered in batches: the event is the
 * array as delivered (`payload.events`), each entry with its own `id` to deduplicate on.
 */
export type DropEntitlementGrantEvent = Array<{
  /** The event's own ID, assigned by EventSub; deduplicate messages on it. */
  id: string;
  /** The entitlement granted. */
  data: DropEntitlementGrantData;
}>;
