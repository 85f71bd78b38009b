import type { ControlTable } from '../controls';
import { HttpError, type MockRequest } from '../http';
import type { Persisted } from '../persist';
import { ok, page, rfc3339, wholeNumberQuery, type HelixContext, type RouteRow } from '../helix';

/*
 * The Analytics group of the reference (Get Extension Analytics, Get Game Analytics): the URLs of
 * the CSV reports of a user's extensions and games. Which reports exist is set by a test
 * (`mock.analytics.addExtensionReport()`, `addGameReport()`); the routes answer each with the
 * reporting window the reference describes: the dates asked for, moved into the data the platform
 * has (extensions: from January 31, 2018; games: the last 365 days; both: up to two days ago).
 */

/** A report that a test made available. */
export interface AnalyticsReportRecord {
  /** The extension's client ID or the game's ID. */
  id: string;
  /** The user who owns the extension or game: only their token gets the report. */
  owner_id: string;
  /** Where the CSV is downloaded. */
  url: string;
}

/** What `addExtensionReport()` and `addGameReport()` take: the URL has a default. */
export interface AnalyticsReportInput {
  /** The extension's client ID (extension reports) or the game's ID (game reports). */
  id: string;
  /** The user who owns the extension or game: only their token sees the report. */
  owner_id: string;
  /** The report's download address; a made-up one by default. */
  url?: string;
}

/** The analytics controls. */
export interface AnalyticsControl {
  /** Makes a report of an extension available to its owner (replacing one for the same extension). */
  addExtensionReport(input: AnalyticsReportInput): AnalyticsReportRecord;
  /** Makes a report of a game available to its owner (replacing one for the same game). */
  addGameReport(input: AnalyticsReportInput): AnalyticsReportRecord;
  /** Takes a report away; returns whether there was one. */
  removeReport(kind: 'extension' | 'game', id: string): boolean;
}

const DAY_MS = 24 * 3600 * 1000;
/** Extension reports hold no data before this day. */
const EXTENSION_DATA_START = Date.parse('2018-01-31T00:00:00Z');
/** A page holds at most this many URLs, whatever `first` asks. */
const URLS_PER_PAGE = 20;

/** Midnight UTC of the day of `ms`. */
function day(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** A day as the reports write it: `2018-03-01T00:00:00Z`. */
function dayText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 10)}T00:00:00Z`;
}

/** One kind of report: its path, scope, ID parameter, the earliest day it has data for, and its 404. */
interface ReportKind {
  readonly path: string;
  readonly scope: string;
  readonly idName: 'extension_id' | 'game_id';
  readonly earliest: (today: number) => number;
  readonly notFound: string;
}

const KINDS = {
  extension: {
    path: '/analytics/extensions',
    scope: 'analytics:read:extensions',
    idName: 'extension_id',
    earliest: () => EXTENSION_DATA_START,
    notFound: 'The extension specified in the extension_id query parameter was not found.',
  },
  game: {
    path: '/analytics/games',
    scope: 'analytics:read:games',
    idName: 'game_id',
    // The last 365 days.
    earliest: (today: number) => today - 365 * DAY_MS,
    notFound: 'The game specified in the game_id query parameter was not found.',
  },
} as const satisfies Record<'extension' | 'game', ReportKind>;

/**
 * The reporting window of a request: both dates or neither (400), the end not before the start
 * (400), the start moved up to the earliest day with data and the end back to two days ago.
 */
function windowOf(request: MockRequest, kind: ReportKind, now: number): { started_at: string; ended_at: string } {
  const startText = request.query.get('started_at');
  const endText = request.query.get('ended_at');
  const hasStart = startText !== null && startText !== '';
  const hasEnd = endText !== null && endText !== '';
  if (hasStart !== hasEnd) throw new HttpError(400, 'The parameters "started_at" and "ended_at" go together: if you give one, give the other');
  const today = day(now);
  const earliest = kind.earliest(today);
  // Data takes up to two days to be ready.
  const latest = today - 2 * DAY_MS;
  let start = earliest;
  let end = latest;
  if (hasStart && hasEnd) {
    const askedStart = day(rfc3339(startText, 'started_at'));
    const askedEnd = day(rfc3339(endText, 'ended_at'));
    if (askedEnd < askedStart) throw new HttpError(400, 'The parameter "ended_at" must be equal to or later than "started_at"');
    start = Math.max(askedStart, earliest);
    end = Math.min(askedEnd, latest);
  }
  return { started_at: dayText(start), ended_at: dayText(Math.max(end, start)) };
}

/** What the analytics group keeps: the reports a test made available, by kind and ID. */
export class AnalyticsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); a restore replaces `reports` with its copy. */
  readonly persisted = { as: 'analytics', fields: ['reports'] } as const;
  readonly reports = { extension: new Map<string, AnalyticsReportRecord>(), game: new Map<string, AnalyticsReportRecord>() };

  constructor(readonly context: HelixContext) {}

  /** Makes a report available to its owner (replacing one of the same kind and ID). */
  add(name: keyof typeof KINDS, input: AnalyticsReportInput): AnalyticsReportRecord {
    if (!this.context.state.user(input.owner_id)) throw new Error(`No user ${input.owner_id} to own the report.`);
    const folder = name === 'extension' ? 'extensions' : 'games';
    const record: AnalyticsReportRecord = { id: input.id, owner_id: input.owner_id, url: input.url ?? `https://reports.example/${folder}/${encodeURIComponent(input.id)}/overview_v2.csv` };
    this.reports[name].set(record.id, record);
    return record;
  }
}

/** The route of one kind of report (Get Extension Analytics, Get Game Analytics). */
function reportRoute(name: keyof typeof KINDS): RouteRow<AnalyticsState> {
  const kind: ReportKind = KINDS[name];
  return {
    method: 'GET',
    path: kind.path,
    token: 'user',
    scopes: [kind.scope],
    handle: ({ request, token, context }, analytics) => {
      const type = request.query.get('type');
      if (type !== null && type !== '' && type !== 'overview_v2') throw new HttpError(400, 'The parameter "type" was malformed: the value must be overview_v2');
      if (request.query.has('before')) throw new HttpError(400, 'The parameter "before" is not supported: these reports page forward only (use "after")');
      // `first` is checked even where it does not apply, as the platform checks its range.
      wholeNumberQuery(request, 'first', 1, 100);
      const window = windowOf(request, kind, context.now());
      const answer = (report: AnalyticsReportRecord) => ({ [kind.idName]: report.id, URL: report.url, type: 'overview_v2', date_range: window });
      const reports = analytics.reports[name];
      const id = request.query.get(kind.idName);
      if (id !== null && id !== '') {
        // One report: `after` is ignored.
        const report = reports.get(id);
        if (!report || report.owner_id !== token.userId) throw new HttpError(404, kind.notFound);
        return ok([answer(report)]);
      }
      const own = [...reports.values()].filter((report) => report.owner_id === token.userId);
      // At most 20 URLs a page, even when `first` asks for up to 100.
      const query = new URLSearchParams(request.query);
      query.set('first', String(Math.min(Number(request.query.get('first') || URLS_PER_PAGE), URLS_PER_PAGE)));
      const { data, pagination } = page({ ...request, query }, own, { defaultFirst: URLS_PER_PAGE, maxFirst: URLS_PER_PAGE });
      return ok(data.map(answer), { pagination });
    },
  };
}

/** The analytics routes: Get Extension Analytics, Get Game Analytics. */
export const analyticsRoutes: readonly RouteRow<AnalyticsState>[] = [reportRoute('extension'), reportRoute('game')];

/** The analytics controls: `mock.analytics.*` and `/mock/analytics.*`. */
export const analyticsControls: ControlTable<AnalyticsState, AnalyticsControl> = {
  addExtensionReport: {
    params: ['input: AnalyticsReportInput'],
    does: 'Makes a report of an extension available to its owner (replacing one for the same extension).',
    run: (analytics, input) => analytics.add('extension', input),
  },
  addGameReport: {
    params: ['input: AnalyticsReportInput'],
    does: 'Makes a report of a game available to its owner (replacing one for the same game).',
    run: (analytics, input) => analytics.add('game', input),
  },
  removeReport: {
    params: ["kind: 'extension' | 'game'", 'id: string'],
    does: 'Takes a report away; returns whether there was one.',
    run: (analytics, kind, id) => analytics.reports[kind].delete(id),
  },
};
