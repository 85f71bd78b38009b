import { HttpError, type Router } from '../http';
import { exactlyOne, iso, ok, registerRoutes, route, userFields, type HelixContext } from '../helix';

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

/** Registers Get Channel Teams and Get Teams; returns the teams controls. */
export function registerTeamRoutes(router: Router, context: HelixContext): TeamsControl {
  const { state } = context;
  const teams = new Map<string, TeamRecord>();
  let nextId = 6000;

  /** The fields of a team both routes answer with. */
  function teamFields(team: TeamRecord): Record<string, unknown> {
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

  registerRoutes(router, context, [
    route({
      method: 'GET',
      path: '/teams/channel',
      token: 'either',
      query: ['broadcaster_id'],
      handle({ request }) {
        const broadcasterId = request.query.get('broadcaster_id')!;
        if (!state.user(broadcasterId)) throw new HttpError(404, `The broadcaster ${broadcasterId} was not found`);
        const memberOf = [...teams.values()].filter((team) => team.members.includes(broadcasterId));
        return ok(memberOf.map((team) => ({ ...userFields(context, broadcasterId, 'broadcaster'), ...teamFields(team) })));
      },
    }),
    route({
      method: 'GET',
      path: '/teams',
      token: 'either',
      handle({ request }) {
        const by = exactlyOne(request, ['name', 'id']);
        const value = request.query.get(by)!;
        if (by === 'id' && !/^\d+$/.test(value)) throw new HttpError(400, `The ID in the id query parameter is not valid: "${value}"`);
        const team = by === 'id' ? teams.get(value) : [...teams.values()].find((each) => each.team_name === value.toLowerCase());
        if (!team) throw new HttpError(404, 'The specified team was not found');
        const users = team.members.map((userId) => {
          const user = state.user(userId);
          return { user_id: userId, user_name: user?.display_name ?? '', user_login: user?.login ?? '' };
        });
        return ok([{ users, ...teamFields(team) }]);
      },
    }),
  ]);

  function teamOf(teamId: string): TeamRecord {
    const team = teams.get(teamId);
    if (!team) throw new Error(`No team ${teamId}.`);
    return team;
  }

  function requireUser(userId: string): void {
    if (!state.user(userId)) throw new Error(`No user ${userId}.`);
  }

  return {
    add(input) {
      const name = input.name.toLowerCase();
      if (name === '') throw new Error('A team needs a name.');
      if ([...teams.values()].some((team) => team.team_name === name)) throw new Error(`A team named ${name} exists already.`);
      const id = input.id ?? String(nextId++);
      if (!/^\d+$/.test(id)) throw new Error(`A team ID is a number; got "${id}".`);
      if (teams.has(id)) throw new Error(`A team with ID ${id} exists already.`);
      const members = [...new Set(input.members ?? [])];
      members.forEach(requireUser);
      const now = context.now();
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
      teams.set(id, team);
      return team;
    },
    addMember(teamId, userId) {
      const team = teamOf(teamId);
      requireUser(userId);
      if (team.members.includes(userId)) return false;
      team.members.push(userId);
      team.updated_at = context.now();
      return true;
    },
    removeMember(teamId, userId) {
      const team = teamOf(teamId);
      const index = team.members.indexOf(userId);
      if (index === -1) return false;
      team.members.splice(index, 1);
      team.updated_at = context.now();
      return true;
    },
  };
}
