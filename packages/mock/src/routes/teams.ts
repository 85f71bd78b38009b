import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { exactlyOne, iso, ok, userFields, type HelixContext, type RouteRow } from '../helix';

/*
 * The Teams group of the reference: Get Channel Teams and Get Teams. Teams are made on the
 * platform's site, not through the API, so they come from the control `mock.teams.add()`.
 */

/** A team of channels. */
export interface TeamRecord {
  /** The team's ID. */
  id: string;
  /** The team's name: lower case, unique. */
  team_name: string;
  /** The team's display name. */
  team_display_name: string;
  /** The description (may hold HTML). */
  info: string;
  /** A thumbnail of the team's logo. */
  thumbnail_url: string;
  /** The team's background image; null when it has none. */
  background_image_url: string | null;
  /** The team's banner image; null when it has none. */
  banner: string | null;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  /** The members' user IDs, in the order they joined. */
  members: string[];
}

/** What `mock.teams.add()` takes. */
export interface TeamInput {
  /** The team's name; stored in lower case. */
  name: string;
  /** The team's display name; its name by default. */
  display_name?: string;
  /** The description; empty by default. */
  info?: string;
  /** User IDs of the member channels. */
  members?: string[];
  /** The team's ID; a fresh one when left out. */
  id?: string;
  /** A thumbnail of the team's logo; a made-up address by default. */
  thumbnail_url?: string;
  /** The team's background image; null by default. */
  background_image_url?: string | null;
  /** The team's banner image; null by default. */
  banner?: string | null;
}

/** The teams controls: what no API call does. */
export interface TeamsControl {
  /** Creates a team with its members. Throws for a name or ID already taken, or an unknown member. */
  add(team: TeamInput): TeamRecord;
  /** Adds a member channel; returns false when it already is one. Throws for an unknown team or user. */
  addMember(teamId: string, userId: string): boolean;
  /** Removes a member channel; returns whether it was one. Throws for an unknown team. */
  removeMember(teamId: string, userId: string): boolean;
}

/** What the teams group keeps (the teams) and its controls' logic. */
export class TeamsState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'teams', fields: ['teams', 'nextId'] } as const;
  /** Every team, by ID. */
  readonly teams = new Map<string, TeamRecord>();
  /** The ID of the next team added without one. */
  nextId = 6000;

  constructor(readonly context: HelixContext) {}

  /** The fields of a team both routes answer with. */
  fields(team: TeamRecord): Record<string, unknown> {
    return {
      background_image_url: team.background_image_url,
      banner: team.banner,
      created_at: iso(team.created_at),
      updated_at: iso(team.updated_at),
      info: team.info,
      thumbnail_url: team.thumbnail_url,
      team_name: team.team_name,
      team_display_name: team.team_display_name,
      id: team.id,
    };
  }

  teamOf(teamId: string): TeamRecord {
    const team = this.teams.get(teamId);
    if (!team) throw new Error(`No team ${teamId}.`);
    return team;
  }

  requireUser(userId: string): void {
    if (!this.context.state.user(userId)) throw new Error(`No user ${userId}.`);
  }

  add(input: TeamInput): TeamRecord {
    const name = input.name.toLowerCase();
    if (name === '') throw new Error('A team needs a name.');
    if ([...this.teams.values()].some((team) => team.team_name === name)) throw new Error(`A team named ${name} exists already.`);
    const id = input.id ?? String(this.nextId++);
    if (!/^\d+$/.test(id)) throw new Error(`A team ID is a number; got "${id}".`);
    if (this.teams.has(id)) throw new Error(`A team with ID ${id} exists already.`);
    const members = [...new Set(input.members ?? [])];
    for (const member of members) this.requireUser(member);
    const now = this.context.now();
    const team: TeamRecord = {
      id,
      team_name: name,
      team_display_name: input.display_name ?? input.name,
      info: input.info ?? '',
      thumbnail_url: input.thumbnail_url ?? `https://static.example/team/${id}-600x600.png`,
      background_image_url: input.background_image_url ?? null,
      banner: input.banner ?? null,
      created_at: now,
      updated_at: now,
      members,
    };
    this.teams.set(id, team);
    return team;
  }

  addMember(teamId: string, userId: string): boolean {
    const team = this.teamOf(teamId);
    this.requireUser(userId);
    if (team.members.includes(userId)) return false;
    team.members.push(userId);
    team.updated_at = this.context.now();
    return true;
  }

  removeMember(teamId: string, userId: string): boolean {
    const team = this.teamOf(teamId);
    const index = team.members.indexOf(userId);
    if (index === -1) return false;
    team.members.splice(index, 1);
    team.updated_at = this.context.now();
    return true;
  }
}

/** The teams routes: Get Channel Teams, Get Teams. */
export const teamsRoutes: readonly RouteRow<TeamsState>[] = [
  {
    method: 'GET',
    path: '/teams/channel',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request, context }, teams) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      if (!context.state.user(broadcasterId)) throw new HttpError(404, `The broadcaster ${broadcasterId} was not found`);
      const memberOf = [...teams.teams.values()].filter((team) => team.members.includes(broadcasterId));
      return ok(memberOf.map((team) => ({ ...userFields(context, broadcasterId, 'broadcaster'), ...teams.fields(team) })));
    },
  },
  {
    method: 'GET',
    path: '/teams',
    token: 'either',
    handle: ({ request, context }, teams) => {
      const by = exactlyOne(request, ['name', 'id']);
      const value = request.query.get(by)!;
      if (by === 'id' && !/^\d+$/.test(value)) throw new HttpError(400, `The ID in the id query parameter is not valid: "${value}"`);
      const team = by === 'id' ? teams.teams.get(value) : [...teams.teams.values()].find((each) => each.team_name === value.toLowerCase());
      if (!team) throw new HttpError(404, 'The specified team was not found');
      const users = team.members.map((userId) => {
        const user = context.state.user(userId);
        return { user_id: userId, user_name: user?.display_name ?? '', user_login: user?.login ?? '' };
      });
      return ok([{ users, ...teams.fields(team) }]);
    },
  },
];

/** The teams controls: `mock.teams.*` and `/mock/teams.*`. */
export const teamsControls: ControlTable<TeamsState, TeamsControl> = {
  add: {
    params: ['team: TeamInput'],
    does: 'Creates a team with its members.',
    run: (teams, team) => teams.add(team),
  },
  addMember: {
    params: ['teamId: string', 'userId: string'],
    does: 'Adds a member channel; returns false when it already is one.',
    run: (teams, teamId, userId) => teams.addMember(teamId, userId),
  },
  removeMember: {
    params: ['teamId: string', 'userId: string'],
    does: 'Removes a member channel; returns whether it was one.',
    run: (teams, teamId, userId) => teams.removeMember(teamId, userId),
  },
};
