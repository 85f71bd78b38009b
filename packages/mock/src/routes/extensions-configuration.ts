// Extension configuration (reference: Get Extension Configuration Segment, Set Extension
// Configuration Segment, Set Extension Required Configuration): JWT routes, split from
// routes/extensions.ts by resource.
import { HttpError } from '../http';
import { field, noContent, ok, required } from '../helix';
import {
  requireBytes,
  requireOwnExtension,
  SEGMENTS,
  segmentKey,
  stringField,
  type ConfigurationSegment,
  type JwtRouteRow,
} from './extensions-state';

/** A segment holds at most 5 KB. */
const SEGMENT_MAX_BYTES = 5 * 1024;
/** Each segment may be read, and the configuration set, 20 times a minute. */
const CONFIGURATION_CALLS = 20;
const MINUTE_MS = 60_000;

/** A segment name, case-sensitive, or 400 naming the values. */
function segmentOf(value: unknown, name: string): ConfigurationSegment {
  if (typeof value === 'string' && (SEGMENTS as readonly string[]).includes(value)) return value as ConfigurationSegment;
  throw new HttpError(400, `The value in the "${name}" parameter is not valid: it must be one of ${SEGMENTS.join(', ')} (case-sensitive)`);
}

/** The configuration routes. */
export const extensionConfigurationRoutes: readonly JwtRouteRow[] = [
  {
    method: 'GET',
    path: '/extensions/configurations',
    claims: ['role', 'user_id', 'exp'],
    query: ['extension_id', 'segment'],
    handle: (call) => {
      const { request, context, extension } = call;
      requireOwnExtension(call, required(request, 'extension_id'));
      // Duplicates are ignored; the answer keeps the order of the request.
      const segments = [...new Set(request.query.getAll('segment').filter((value) => value !== '').map((value) => segmentOf(value, 'segment')))];
      const broadcasterId = request.query.get('broadcaster_id') || undefined;
      if (segments.some((segment) => segment !== 'global') && broadcasterId === undefined) {
        throw new HttpError(400, 'Missing required parameter "broadcaster_id": it is required for the broadcaster and developer segments');
      }
      for (const segment of segments) {
        const channel = segment === 'global' ? '' : broadcasterId;
        context.limits.endpoint(`extension-configuration-read:${extension.clientId}:${segmentKey(segment, channel)}`, CONFIGURATION_CALLS, MINUTE_MS, `The ${segment} segment may be read at most ${CONFIGURATION_CALLS} times a minute`);
      }
      const data = segments.flatMap((segment) => {
        const record = extension.configuration.get(segmentKey(segment, broadcasterId));
        if (!record) return [];
        return [{ segment, ...(segment === 'global' ? {} : { broadcaster_id: record.broadcaster_id }), content: record.content, version: record.version }];
      });
      return ok(data);
    },
  },
  {
    method: 'PUT',
    path: '/extensions/configurations',
    claims: ['role', 'user_id', 'exp'],
    body: ['extension_id', 'segment'],
    handle: (call) => {
      const { request, context, extension } = call;
      requireOwnExtension(call, field(request, 'extension_id'));
      const segment = segmentOf(field(request, 'segment'), 'segment');
      const broadcasterValue = field(request, 'broadcaster_id');
      let broadcasterId: string | undefined;
      if (segment !== 'global') {
        if (broadcasterValue === undefined || broadcasterValue === null || broadcasterValue === '') {
          throw new HttpError(400, 'The "broadcaster_id" field is required if "segment" is set to developer or broadcaster');
        }
        broadcasterId = stringField(broadcasterValue, 'broadcaster_id');
      }
      const contentValue = field(request, 'content');
      const content = requireBytes(contentValue === undefined ? '' : stringField(contentValue, 'content'), 'content', SEGMENT_MAX_BYTES);
      const versionValue = field(request, 'version');
      context.limits.endpoint(`extension-configuration-write:${extension.clientId}`, CONFIGURATION_CALLS, MINUTE_MS, `The configuration may be set at most ${CONFIGURATION_CALLS} times a minute`);
      const key = segmentKey(segment, broadcasterId);
      // Without a version the latest definition is updated: the segment keeps its version.
      const version = versionValue === undefined || versionValue === null ? (extension.configuration.get(key)?.version ?? '') : stringField(versionValue, 'version');
      extension.configuration.set(key, { segment, ...(broadcasterId === undefined ? {} : { broadcaster_id: broadcasterId }), content, version });
      return noContent();
    },
  },
  {
    method: 'PUT',
    path: '/extensions/required_configuration',
    claims: ['role', 'user_id', 'exp'],
    query: ['broadcaster_id'],
    body: ['extension_id', 'extension_version', 'required_configuration'],
    handle: (call) => {
      const { request, extension, claims } = call;
      requireOwnExtension(call, field(request, 'extension_id'));
      if (claims.user_id !== extension.ownerId) {
        throw new HttpError(401, 'The JWT token is not valid: the claim "user_id" must be the ID of the user that owns the extension');
      }
      const broadcasterId = required(request, 'broadcaster_id');
      extension.requiredConfiguration.set(broadcasterId, {
        extension_version: stringField(field(request, 'extension_version'), 'extension_version'),
        required_configuration: stringField(field(request, 'required_configuration'), 'required_configuration'),
      });
      return noContent();
    },
  },
];
