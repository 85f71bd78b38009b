import { idsParam, PlatformError, type ParamKind } from '@platform/core';
import { isIdList } from '@platform/core/internal';

/** The platform's 5 KB limit of a configuration segment and of a PubSub message, in bytes of UTF-8. */
export const fiveKilobytes = 5 * 1024;

const encoder = /* @__PURE__ */ new TextEncoder();

/** A text whose `maxLength` is in bytes of UTF-8, as the platform measures its 5 KB payloads. */
export const bytesParam: ParamKind = {
  name: 'string',
  check(spec, value) {
    if (typeof value !== 'string') return 'must be a string';
    if (value === '' && spec.required) return 'must not be empty';
    const max = spec.maxLength;
    return max !== undefined && encoder.encode(value).length > max ? `must hold at most ${max} bytes of UTF-8` : undefined;
  },
};

/**
 * One value or a list of values, each among the parameter's `oneOf`, sent as a repeated query key
 * (`segment=broadcaster&segment=developer`): a list of strings, as its name says when the
 * declaration is read as data.
 */
export const choicesParam: ParamKind = {
  name: 'ids',
  check(spec, value) {
    const list = typeof value === 'string' ? [value] : value;
    const allowed = spec.oneOf ?? [];
    const shown = allowed.map((item) => JSON.stringify(item)).join(', ');
    // Every index is read (`Array.from`): `some()` skips the holes of `[, 'global']` and `new Array(2)`.
    if (!Array.isArray(list) || list.length === 0 || Array.from(list).some((item) => !allowed.includes(item as string))) return `must be one of ${shown}, or a list of them`;
    return undefined;
  },
};

/**
 * A list of IDs in the JSON body (always sent as a list), holding `minLength` to `maxLength` IDs.
 * With `chunk`, a longer list is split into one request per `chunk` IDs and the results are
 * joined in order, as core's `idsParam` does for the query.
 */
export const bodyIdsParam: ParamKind = {
  name: 'ids',
  check(spec, value) {
    if (!Array.isArray(value) || !isIdList(value)) return 'must be a list of IDs (non-empty strings)';
    return idsParam.check(spec, value);
  },
  splitParams: idsParam.splitParams!,
};

/** The parameters as a record, or undefined when they are not an object (left to the declaration's own check). */
export function record(params: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
}

/**
 * Refuses a report window that gives one end without the other, or ends before it starts (when
 * both read as dates); the platform answers 400 to either.
 */
export function checkWindow(operation: string, params: unknown): void {
  const given = record(params);
  if (!given) return;
  const { started_at: start, ended_at: end } = given;
  if ((start === undefined) !== (end === undefined)) {
    const [present, missing] = start === undefined ? ['ended_at', 'started_at'] : ['started_at', 'ended_at'];
    throw new PlatformError(`${operation} needs the parameter ${missing} with ${present}: a report window has both ends or none.`);
  }
  if (typeof start === 'string' && typeof end === 'string' && Date.parse(end) < Date.parse(start)) {
    throw new PlatformError(`The parameter ended_at of ${operation} must not be before started_at; got ended_at ${JSON.stringify(end)} and started_at ${JSON.stringify(start)}.`);
  }
}

/**
 * Refuses a `broadcaster_id` that the segments do not match: the `broadcaster` and `developer`
 * segments belong to a channel and need it; the `global` segment alone must go without it.
 */
export function checkSegmentChannel(operation: string, params: unknown): void {
  const given = record(params);
  if (!given) return;
  const { segment, broadcaster_id } = given;
  const segments = typeof segment === 'string' ? [segment] : Array.isArray(segment) ? (segment as unknown[]) : [];
  const channelSegment = segments.find((item) => item === 'broadcaster' || item === 'developer');
  if (channelSegment !== undefined && broadcaster_id === undefined) {
    throw new PlatformError(`${operation} needs the parameter broadcaster_id for the segment ${JSON.stringify(channelSegment)}.`);
  }
  if (channelSegment === undefined && segments.includes('global') && broadcaster_id !== undefined) {
    throw new PlatformError(`The parameter broadcaster_id of ${operation} cannot be combined with the segment "global"; got broadcaster_id ${JSON.stringify(broadcaster_id)}.`);
  }
}
