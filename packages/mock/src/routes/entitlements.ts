import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { field, iso, ok, page, repeated, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockToken } from '../state';

/*
 * The Entitlements group of the reference (Get Drops Entitlements, Update Drops Entitlements).
 * Organizations own games; a client belongs to an organization when a member of it owns the
 * client. A test sets both up (`mock.entitlements.addOrganization()`) and grants Drops
 * (`mock.entitlements.grant()`, which raises `drop.entitlement.grant`); the routes read and
 * fulfil them: an app token sees what its organization owns, a user token what of that was
 * granted to its user.
 */

/** A Drop entitlement's fulfillment status. */
export type FulfillmentStatus = 'CLAIMED' | 'FULFILLED';
const STATUSES: readonly FulfillmentStatus[] = ['CLAIMED', 'FULFILLED'];

/** A Drop entitlement (times in epoch ms). */
export interface EntitlementRecord {
  /** The entitlement's ID. */
  id: string;
  /** The ID of the benefit (reward) granted. */
  benefit_id: string;
  /** When it was granted. */
  timestamp: number;
  /** The ID of the user granted the Drop. */
  user_id: string;
  /** The game the Drop belongs to. */
  game_id: string;
  /** Whether the game has given the user the reward yet. */
  fulfillment_status: FulfillmentStatus;
  /** When the status last changed. */
  last_updated: number;
  /** The organization that owns the game. */
  organization_id: string;
  /** The Drops campaign the entitlement came from. */
  campaign_id: string;
}

/** An organization that owns games with Drops. */
export interface OrganizationRecord {
  /** The organization's ID. */
  id: string;
  /** Game IDs it owns. */
  games: Set<string>;
  /** Its members' user IDs. */
  members: Set<string>;
  /** Its clients: client ID to the user who owns the client. */
  clients: Map<string, string>;
}

/** What `addOrganization()` takes: the owners of its clients are members unless `members` lists the members. */
export interface OrganizationInput {
  /** The organization's ID; a fresh one when left out. */
  id?: string;
  /** Game IDs it owns. */
  games?: readonly string[];
  /** Its clients, each with the user who owns it (a member unless `members` says otherwise). */
  clients?: ReadonlyArray<{
    /** The client ID. */
    clientId: string;
    /** The user who owns the client. */
    ownerId: string;
  }>;
  /** Its members' user IDs. */
  members?: readonly string[];
}

/** What `grant()` takes: the organization is the one owning the game. */
export interface GrantInput {
  /** The ID of the user granted the Drop. */
  user_id: string;
  /** The game the Drop belongs to; the organization owning it owns the entitlement. */
  game_id: string;
  /** A fresh ID when left out. */
  benefit_id?: string;
  /** A fresh ID when left out. */
  campaign_id?: string;
  /** CLAIMED by default. */
  fulfillment_status?: FulfillmentStatus;
  /** The entitlement's ID; a fresh one when left out. */
  id?: string;
}

/** The entitlements controls. */
export interface EntitlementsControl {
  /** Adds an organization with its games, clients and members. Throws for a game or client another organization has. */
  addOrganization(input: OrganizationInput): OrganizationRecord;
  /** Takes a user out of an organization (its clients they own stop working for it: 400). */
  removeMember(organizationId: string, userId: string): boolean;
  /**
   * A Drop is granted: the entitlement is listed by Get Drops Entitlements, and
   * `drop.entitlement.grant` is raised (batched: the event is a list of one). Throws when no
   * organization owns the game.
   */
  grant(input: GrantInput): EntitlementRecord;
  /** An entitlement, or undefined. */
  get(id: string): EntitlementRecord | undefined;
  /** The next Update Drops Entitlements that names this entitlement answers UPDATE_FAILED for it (a transient error), once. */
  failNextUpdate(id: string): void;
}

/** Update statuses in the order the answer lists their groups. */
const UPDATE_STATUSES = ['SUCCESS', 'INVALID_ID', 'NOT_FOUND', 'UNAUTHORIZED', 'UPDATE_FAILED'] as const;
type UpdateStatus = (typeof UPDATE_STATUSES)[number];
/** What an entitlement ID looks like: a UUID. */
const ENTITLEMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDS_MAX = 100;

/** A status given as a parameter, or 400 as the reference says. */
function statusOf(value: unknown, where: string): FulfillmentStatus {
  if (typeof value === 'string' && (STATUSES as readonly string[]).includes(value)) return value as FulfillmentStatus;
  throw new HttpError(400, `The value in the fulfillment_status ${where} is not valid: it must be CLAIMED or FULFILLED`);
}

/** An entitlement as the two routes answer it. */
function wire(entitlement: EntitlementRecord) {
  return {
    id: entitlement.id,
    benefit_id: entitlement.benefit_id,
    timestamp: iso(entitlement.timestamp),
    user_id: entitlement.user_id,
    game_id: entitlement.game_id,
    fulfillment_status: entitlement.fulfillment_status,
    last_updated: iso(entitlement.last_updated),
  };
}

/** What the entitlements group keeps (organizations, entitlements, the updates set to fail), and its controls' logic. */
export class EntitlementsState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'entitlements', fields: ['organizations', 'entitlements', 'failing'] } as const;
  readonly organizations = new Map<string, OrganizationRecord>();
  readonly entitlements = new Map<string, EntitlementRecord>();
  /** Entitlements whose next update answers UPDATE_FAILED. */
  readonly failing = new Set<string>();

  constructor(readonly context: HelixContext) {}

  /** The organization of the token's client, or the reference's 400s. */
  organizationOf(token: MockToken): OrganizationRecord {
    const organization = [...this.organizations.values()].find((each) => each.clients.has(token.clientId));
    if (!organization) throw new HttpError(400, 'The client in the access token is not associated with a known organization.');
    if (!organization.members.has(organization.clients.get(token.clientId)!)) throw new HttpError(400, 'The owner of the client in the access token is not a member of the organization.');
    return organization;
  }

  addOrganization(input: OrganizationInput): OrganizationRecord {
    const { state } = this.context;
    const id = input.id ?? state.id();
    if (this.organizations.has(id)) throw new Error(`The organization ${id} exists already.`);
    const taken = [...this.organizations.values()];
    for (const game of input.games ?? []) {
      if (taken.some((each) => each.games.has(game))) throw new Error(`The game ${game} is owned by another organization.`);
    }
    for (const { clientId, ownerId } of input.clients ?? []) {
      if (taken.some((each) => each.clients.has(clientId))) throw new Error(`The client ${clientId} belongs to another organization.`);
      if (!state.user(ownerId)) throw new Error(`No user ${ownerId} to own the client ${clientId}.`);
    }
    const clients = new Map((input.clients ?? []).map(({ clientId, ownerId }) => [clientId, ownerId] as const));
    const record: OrganizationRecord = { id, games: new Set(input.games), members: new Set(input.members ?? clients.values()), clients };
    this.organizations.set(id, record);
    return record;
  }

  removeMember(organizationId: string, userId: string): boolean {
    const organization = this.organizations.get(organizationId);
    if (!organization) throw new Error(`No organization ${organizationId}.`);
    return organization.members.delete(userId);
  }

  grant(input: GrantInput): EntitlementRecord {
    const { context } = this;
    const { state } = context;
    const organization = [...this.organizations.values()].find((each) => each.games.has(input.game_id));
    if (!organization) throw new Error(`No organization owns the game ${input.game_id}: add it with addOrganization({ games }) first.`);
    if (!state.user(input.user_id)) throw new Error(`No user ${input.user_id}.`);
    const id = input.id ?? state.id();
    if (this.entitlements.has(id)) throw new Error(`The entitlement ${id} exists already.`);
    const now = context.now();
    const record: EntitlementRecord = {
      id,
      benefit_id: input.benefit_id ?? state.id(),
      timestamp: now,
      user_id: input.user_id,
      game_id: input.game_id,
      fulfillment_status: input.fulfillment_status ?? 'CLAIMED',
      last_updated: now,
      organization_id: organization.id,
      campaign_id: input.campaign_id ?? state.id(),
    };
    this.entitlements.set(id, record);
    context.events.raise({
      type: 'drop.entitlement.grant',
      version: '1',
      condition: { organization_id: organization.id, category_id: record.game_id, campaign_id: record.campaign_id },
      event: [
        {
          organization_id: organization.id,
          category_id: record.game_id,
          category_name: state.games.get(record.game_id)?.name ?? '',
          campaign_id: record.campaign_id,
          ...userFields(context, record.user_id, 'user'),
          entitlement_id: record.id,
          benefit_id: record.benefit_id,
          created_at: iso(now),
        },
      ],
    });
    return record;
  }

  failNextUpdate(id: string): void {
    if (!this.entitlements.has(id)) throw new Error(`No entitlement ${id}.`);
    this.failing.add(id);
  }
}

/** The entitlements routes: Get Drops Entitlements, Update Drops Entitlements. */
export const entitlementsRoutes: readonly RouteRow<EntitlementsState>[] = [
  {
    method: 'GET',
    path: '/entitlements/drops',
    token: 'either',
    handle: ({ request, token }, drops) => {
      const { entitlements } = drops;
      const organization = drops.organizationOf(token);
      const ids = repeated(request, 'id', IDS_MAX);
      const userId = request.query.get('user_id') || undefined;
      const gameId = request.query.get('game_id') || undefined;
      const statusText = request.query.get('fulfillment_status');
      const status = statusText === null || statusText === '' ? undefined : statusOf(statusText, 'query parameter');
      // A user token reads its own user's entitlements only.
      if (token.userId !== undefined && userId !== undefined && userId !== token.userId) {
        throw new HttpError(400, 'The ID in the user_id query parameter must match the user ID in the user access token.');
      }
      if (gameId !== undefined && !organization.games.has(gameId)) {
        throw new HttpError(403, 'The organization associated with the client in the access token must own the game specified in the game_id query parameter.');
      }
      if (ids.some((id) => entitlements.has(id) && entitlements.get(id)!.organization_id !== organization.id)) {
        throw new HttpError(403, 'The organization associated with the client in the access token must own the entitlements specified in the id query parameter.');
      }
      const user = token.userId ?? userId;
      const wanted = new Set(ids);
      const found = [...entitlements.values()].filter(
        (entitlement) =>
          entitlement.organization_id === organization.id &&
          (wanted.size === 0 || wanted.has(entitlement.id)) &&
          (user === undefined || entitlement.user_id === user) &&
          (gameId === undefined || entitlement.game_id === gameId) &&
          (status === undefined || entitlement.fulfillment_status === status),
      );
      const { data, pagination } = page(request, found, { defaultFirst: 20, maxFirst: 1000 });
      return ok(data.map(wire), { pagination });
    },
  },
  {
    method: 'PATCH',
    path: '/entitlements/drops',
    token: 'either',
    handle: ({ request, token, context }, drops) => {
      const organization = drops.organizationOf(token);
      const idsValue = field(request, 'entitlement_ids');
      if (idsValue !== undefined && (!Array.isArray(idsValue) || idsValue.some((id) => typeof id !== 'string'))) {
        throw new HttpError(400, 'The field "entitlement_ids" must be a list of entitlement IDs');
      }
      const ids = [...new Set((idsValue ?? []) as string[])];
      if (ids.length > IDS_MAX) throw new HttpError(400, `The field "entitlement_ids" may hold at most ${IDS_MAX} IDs`);
      const statusValue = field(request, 'fulfillment_status');
      const status = statusValue === undefined ? undefined : statusOf(statusValue, 'field');
      const groups = new Map<UpdateStatus, string[]>();
      const now = context.now();
      for (const id of ids) {
        const entitlement = drops.entitlements.get(id);
        let outcome: UpdateStatus;
        if (!ENTITLEMENT_ID.test(id)) outcome = 'INVALID_ID';
        else if (!entitlement) outcome = 'NOT_FOUND';
        // An app token updates what its organization owns; a user token, of that, what is its user's.
        else if (entitlement.organization_id !== organization.id || (token.userId !== undefined && entitlement.user_id !== token.userId)) outcome = 'UNAUTHORIZED';
        else if (drops.failing.delete(id)) outcome = 'UPDATE_FAILED';
        else {
          outcome = 'SUCCESS';
          // Without a status nothing changes.
          if (status !== undefined) {
            entitlement.fulfillment_status = status;
            entitlement.last_updated = now;
          }
        }
        groups.set(outcome, [...(groups.get(outcome) ?? []), id]);
      }
      return ok(UPDATE_STATUSES.filter((outcome) => groups.has(outcome)).map((outcome) => ({ status: outcome, ids: groups.get(outcome)! })));
    },
  },
];

/** The entitlements controls: `mock.entitlements.*` and `/mock/entitlements.*`. */
export const entitlementsControls: ControlTable<EntitlementsState, EntitlementsControl> = {
  addOrganization: {
    params: ['input: OrganizationInput'],
    does: 'Adds an organization with its games, clients and members.',
    run: (drops, input) => drops.addOrganization(input),
  },
  removeMember: {
    params: ['organizationId: string', 'userId: string'],
    does: 'Takes a user out of an organization (its clients they own stop working for it: 400).',
    run: (drops, organizationId, userId) => drops.removeMember(organizationId, userId),
  },
  grant: {
    params: ['input: GrantInput'],
    does: 'A Drop is granted: the entitlement is listed by Get Drops Entitlements, and `drop.entitlement.grant` is raised (batched: the event is a list of one).',
    run: (drops, input) => drops.grant(input),
  },
  get: {
    params: ['id: string'],
    does: 'An entitlement, or undefined.',
    run: (drops, id) => drops.entitlements.get(id),
  },
  failNextUpdate: {
    params: ['id: string'],
    does: 'The next Update Drops Entitlements that names this entitlement answers UPDATE_FAILED for it (a transient error), once.',
    run: (drops, id) => drops.failNextUpdate(id),
  },
};
