/**
 * Extension configuration over real sockets: Get and Set Extension Configuration Segment, Set
 * Extension Required Configuration (JWT routes), with the controls that read what they left.
 */
import { describe, expect, it } from 'vitest';
import { advance, call, errorBody, EXTENSION_ID, jwt, platform, setup } from './extensions-setup';

const getSegments = (query: Record<string, string | string[] | undefined>, bearer = jwt()) =>
  call('GET', '/extensions/configurations', bearer, { query: { extension_id: EXTENSION_ID, ...query } });
const setSegment = (body: Record<string, unknown>, bearer = jwt()) => call('PUT', '/extensions/configurations', bearer, { body: { extension_id: EXTENSION_ID, ...body } });

describe('configuration segments: GET and PUT /extensions/configurations', () => {
  it('sets the global segment (204) and reads it back', async () => {
    await setup();
    const set = await setSegment({ segment: 'global', version: '0.0.1', content: 'hello config!' });
    expect(set).toEqual({ status: 204, body: undefined });
    expect(await getSegments({ segment: 'global' })).toEqual({ status: 200, body: { data: [{ segment: 'global', content: 'hello config!', version: '0.0.1' }] } });
    expect(platform().extensions.configuration(EXTENSION_ID, 'global')).toEqual({ segment: 'global', content: 'hello config!', version: '0.0.1' });
  });

  it('keeps broadcaster and developer segments per channel; answers in the order asked, duplicates once, unset segments left out', async () => {
    const { streamer, viewer } = await setup();
    await setSegment({ segment: 'broadcaster', broadcaster_id: streamer.id, content: '{"theme":"dark"}', version: '2' });
    await setSegment({ segment: 'developer', broadcaster_id: streamer.id, content: 'dev', version: '1' });
    await setSegment({ segment: 'global', content: 'g', version: '9' });
    const answer = await getSegments({ broadcaster_id: streamer.id, segment: ['developer', 'global', 'broadcaster', 'developer'] });
    expect(answer.body.data).toEqual([
      { segment: 'developer', broadcaster_id: streamer.id, content: 'dev', version: '1' },
      { segment: 'global', content: 'g', version: '9' },
      { segment: 'broadcaster', broadcaster_id: streamer.id, content: '{"theme":"dark"}', version: '2' },
    ]);
    expect((await getSegments({ broadcaster_id: viewer.id, segment: ['broadcaster', 'developer'] })).body).toEqual({ data: [] });
  });

  it('without a version updates the latest definition: the segment keeps its version', async () => {
    await setup();
    await setSegment({ segment: 'global', content: 'one', version: '3' });
    await setSegment({ segment: 'global', content: 'two' });
    expect((await getSegments({ segment: 'global' })).body.data).toEqual([{ segment: 'global', content: 'two', version: '3' }]);
  });

  it('400 for a missing or unknown segment, a missing broadcaster_id, a segment over 5 KB', async () => {
    const { streamer } = await setup();
    expect((await getSegments({})).body).toEqual(errorBody(400, 'Missing required parameter "segment"'));
    expect((await getSegments({ segment: 'Global' })).body).toEqual(errorBody(400, /"segment" parameter is not valid: it must be one of broadcaster, developer, global/));
    expect((await getSegments({ segment: ['global', 'broadcaster'] })).body).toEqual(errorBody(400, /"broadcaster_id": it is required for the broadcaster and developer segments/));
    expect((await call('GET', '/extensions/configurations', jwt(), { query: { segment: 'global' } })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
    expect((await setSegment({ segment: 'developer', content: 'x' })).body).toEqual(errorBody(400, 'The "broadcaster_id" field is required if "segment" is set to developer or broadcaster'));
    expect((await setSegment({ segment: 'everyone', content: 'x' })).status).toBe(400);
    expect((await call('PUT', '/extensions/configurations', jwt(), { body: { segment: 'global' } })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
    expect((await setSegment({ segment: 'global', content: 'é'.repeat(2561) })).body).toEqual(errorBody(400, /"content" is too large: it may hold at most 5 KB/));
    expect((await setSegment({ segment: 'global', content: 'é'.repeat(2560) })).status).toBe(204);
    expect((await setSegment({ segment: 'broadcaster', broadcaster_id: streamer.id, content: 5 })).body).toEqual(errorBody(400, 'The field "content" must be a string'));
  });

  it('401 for a JWT without user_id or exp, or an OAuth token', async () => {
    const { issue } = await setup();
    expect((await getSegments({ segment: 'global' }, jwt({ user_id: undefined }))).status).toBe(401);
    expect((await setSegment({ segment: 'global', content: 'x' }, jwt({ exp: undefined }))).status).toBe(401);
    expect((await setSegment({ segment: 'global', content: 'x' }, issue())).status).toBe(401);
    expect(platform().extensions.configuration(EXTENSION_ID, 'global')).toBeUndefined();
  });

  it('reads each segment and sets the configuration 20 times a minute at most (429)', async () => {
    await setup();
    for (let index = 0; index < 20; index++) expect((await setSegment({ segment: 'global', content: String(index) })).status).toBe(204);
    expect((await setSegment({ segment: 'global', content: 'again' })).body).toEqual(errorBody(429, 'The configuration may be set at most 20 times a minute'));
    for (let index = 0; index < 20; index++) expect((await getSegments({ segment: 'global' })).status).toBe(200);
    expect((await getSegments({ segment: 'global' })).body).toEqual(errorBody(429, 'The global segment may be read at most 20 times a minute'));
    advance(60_000);
    expect((await getSegments({ segment: 'global' })).body.data[0].content).toBe('19');
    expect((await setSegment({ segment: 'global', content: 'later' })).status).toBe(204);
  });

  it('the controls set a segment that the route reads', async () => {
    const { streamer } = await setup();
    platform().extensions.setConfiguration(EXTENSION_ID, { segment: 'broadcaster', broadcaster_id: streamer.id, content: 'c', version: 'v' });
    expect((await getSegments({ segment: 'broadcaster', broadcaster_id: streamer.id })).body.data).toEqual([{ segment: 'broadcaster', broadcaster_id: streamer.id, content: 'c', version: 'v' }]);
    expect(() => platform().extensions.setConfiguration(EXTENSION_ID, { segment: 'developer', content: 'c' })).toThrow(/needs a broadcaster_id/);
  });
});

describe('required configuration: PUT /extensions/required_configuration', () => {
  const setRequired = (broadcasterId: string | undefined, body: Record<string, unknown>, bearer = jwt()) =>
    call('PUT', '/extensions/required_configuration', bearer, { query: { broadcaster_id: broadcasterId }, body: { extension_id: EXTENSION_ID, extension_version: '1.0.0', required_configuration: 'RCS', ...body } });

  it('204; the control reads it per channel', async () => {
    const { streamer } = await setup();
    expect((await setRequired(streamer.id, {})).status).toBe(204);
    expect(platform().extensions.requiredConfiguration(EXTENSION_ID, streamer.id)).toEqual({ extension_version: '1.0.0', required_configuration: 'RCS' });
    expect((await setRequired(streamer.id, { required_configuration: 'RCS2' })).status).toBe(204);
    expect(platform().extensions.requiredConfiguration(EXTENSION_ID, streamer.id)?.required_configuration).toBe('RCS2');
  });

  it('401 unless user_id is the owner of the extension; 400 for each missing parameter', async () => {
    const { streamer, viewer } = await setup();
    expect((await setRequired(streamer.id, {}, jwt({ user_id: viewer.id }))).body).toEqual(errorBody(401, /"user_id" must be the ID of the user that owns the extension/));
    expect((await setRequired(undefined, {})).body).toEqual(errorBody(400, 'Missing required parameter "broadcaster_id"'));
    for (const name of ['extension_id', 'extension_version', 'required_configuration']) {
      expect((await setRequired(streamer.id, { [name]: undefined })).body).toEqual(errorBody(400, `Missing required parameter "${name}"`));
    }
    expect(platform().extensions.requiredConfiguration(EXTENSION_ID, streamer.id)).toBeUndefined();
  });
});
