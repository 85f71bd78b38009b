import { EventSubWsListener } from '@twurple/eventsub-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startInterop, type Interop } from './setup';

/** What twurple keeps of an answer or a payload, as it came (its symbol is not exported by a package this app depends on). */
function rawDataOf(object: object): Record<string, unknown> {
  const symbol = Object.getOwnPropertySymbols(object).find((candidate) => candidate.description === 'twurpleRawData');
  if (!symbol) throw new Error('twurple keeps no raw data on this object');
  return (object as Record<symbol, Record<string, unknown>>)[symbol]!;
}

/** twurple's getters of a component view, each null when the answer lacks its field. */
const componentFields = [
  'componentViewerUrl', 'componentAspectWidth', 'componentAspectHeight', 'componentAspectRatioX', 'componentAspectRatioY',
  'componentAutoScales', 'componentScalePixels', 'componentTargetHeight', 'componentSize', 'componentZoom', 'componentZoomPixels',
  'componentCanLinkExternalContent',
] as const;

type CharityDonation = Parameters<Parameters<EventSubWsListener['onChannelCharityDonation']>[1]>[0];

// The five places where twurple, written against the real platform, found the mock answering
// otherwise than the platform (issue 28): each is called through twurple's public API and judged
// by what twurple parses from the answer.
describe('twurple against the mock: the five gaps an independent run found', () => {
  let interop: Interop;

  beforeAll(async () => {
    interop = await startInterop();
  });
  afterEach(() => {
    expect(interop.redirect.refused).toEqual([]);
  });
  afterAll(async () => {
    await interop?.close();
  });

  it('Create Poll with voting by Channel Points off and a cost of 0, as twurple always sends it', async () => {
    const { api, streamer } = interop;
    const poll = await api.polls.createPoll(streamer.id, { title: 'Which map?', choices: ['north', 'south'], duration: 60 });
    expect(poll.title).toBe('Which map?');
    expect(poll.status).toBe('ACTIVE');
    expect(poll.isChannelPointsVotingEnabled).toBe(false);
    expect(poll.choices.map((choice) => choice.title)).toEqual(['north', 'south']);
    const sent = interop.mock.requests.find((request) => request.server === 'helix' && request.method === 'POST' && request.path === '/polls');
    expect(sent?.body).toMatchObject({ channel_points_voting_enabled: false, channel_points_per_vote: 0 });
    await api.polls.endPoll(streamer.id, poll.id);
  });

  it('Get Ad Schedule and Snooze Next Ad: the times are epoch seconds, read as real dates', async () => {
    const { api, mock, streamer } = interop;
    mock.streams.start(streamer.id, { title: 'ads' });
    try {
      const before = Date.now();
      const schedule = await api.channels.getAdSchedule(streamer.id);
      const next = schedule.nextAdDate;
      expect(next).toBeInstanceOf(Date);
      // An automatic mid-roll an hour into the stream: a date near now, not 1970 nor year 50000.
      expect(Math.abs(next!.getTime() - (before + 3_600_000))).toBeLessThan(120_000);
      expect(schedule.lastAdDate).toBeNull();
      expect(schedule.snoozeCount).toBe(3);
      expect(typeof schedule.duration).toBe('number');

      const snoozed = await api.channels.snoozeNextAd(streamer.id);
      expect(snoozed.snoozeCount).toBe(2);
      expect(snoozed.nextAdDate.getTime() - next!.getTime()).toBe(300_000);
      expect(Number.isNaN(snoozed.snoozeRefreshDate.getTime())).toBe(false);
      expect(Math.abs(snoozed.snoozeRefreshDate.getTime() - (before + 3_600_000))).toBeLessThan(120_000);
    } finally {
      mock.streams.stop(streamer.id);
    }
  });

  it('a stream marker and its URL', async () => {
    const { api, mock, streamer } = interop;
    mock.streams.start(streamer.id, { title: 'markers' });
    try {
      const created = await api.streams.createStreamMarker(streamer.id, 'a great play');
      expect(created.description).toBe('a great play');
      expect(created.creationDate).toBeInstanceOf(Date);
      const markers = await api.streams.getStreamMarkersForUser(streamer.id);
      const marker = markers.data.find((found) => found.id === created.id);
      expect(marker).toBeDefined();
      expect(marker!.description).toBe('a great play');
      expect(marker!.url).toMatch(/^https:\/\/.+\/manager\/highlighter\/\d+\?t=\d+h\d+m\d+s$/);
      expect(marker!.videoId).not.toBe('');
    } finally {
      mock.streams.stop(streamer.id);
    }
  });

  it('Get Released Extensions: every field of the component view', async () => {
    const { api, mock, streamer } = interop;
    mock.extensions.add({
      clientId: 'interop-extension',
      name: 'Interop',
      ownerId: streamer.id,
      version: '1.0.0',
      views: { component: { viewer_url: 'https://interop.example/component.html', aspect_width: 3000, aspect_height: 2000, size: 1024, zoom: true, zoom_pixels: 100 } },
    });
    const extension = await api.extensions.getReleasedExtension('interop-extension');
    expect(extension.name).toBe('Interop');
    expect(extension.version).toBe('1.0.0');
    expect(extension.componentViewerUrl).toBe('https://interop.example/component.html');
    expect(extension.componentAspectWidth).toBe(3000);
    expect(extension.componentAspectHeight).toBe(2000);
    expect(extension.componentSize).toBe(1024);
    expect(extension.componentZoom).toBe(true);
    expect(extension.componentZoomPixels).toBe(100);

    // An extension set up without a word about its views still answers every component field.
    mock.extensions.add({ clientId: 'interop-plain', name: 'Plain', ownerId: streamer.id, version: '0.1.0' });
    const plain = await api.extensions.getReleasedExtension('interop-plain');
    for (const field of componentFields) expect(plain[field], field).not.toBeNull();
    expect(plain.componentZoom).toBe(false);
  });

  it('a charity donation over the EventSub WebSocket: one shape, the broadcaster named as broadcaster_user_*', async () => {
    const { api, mock, streamer, viewer } = interop;
    // The newest @twurple/eventsub-ws (8.1.4) asks for @twurple/api 8.1.4 as its peer: the 8.2.0
    // client works with it at run time, but is another class to TypeScript.
    const listener = new EventSubWsListener({ apiClient: api as never, url: mock.eventSubWsUrl, logger: { minLevel: 'critical' } });
    const subscribed = new Promise<void>((resolve, reject) => {
      listener.onSubscriptionCreateSuccess(() => resolve());
      listener.onSubscriptionCreateFailure((_subscription, error) => reject(error));
    });
    const donations: CharityDonation[] = [];
    let arrived: () => void = () => {};
    listener.onChannelCharityDonation(streamer.id, (event) => {
      donations.push(event);
      arrived();
    });
    const nextDonation = () => new Promise<CharityDonation>((resolve) => (arrived = () => resolve(donations.at(-1)!)));
    listener.start();
    try {
      await subscribed;
      mock.charity.start(streamer.id, { charity_name: 'Interop Fund', target_amount: 100_000, currency: 'USD', decimal_places: 2 });
      let next = nextDonation();
      mock.charity.donate(streamer.id, viewer.id, 2_500);
      const donated = await next;
      expect(donated.donorId).toBe(viewer.id);
      expect(donated.donorName).toBe('viewer');
      expect(donated.donorDisplayName).toBe('viewer');
      expect(donated.charityName).toBe('Interop Fund');
      expect(donated.campaignId).toBe(mock.charity.campaign(streamer.id)!.id);
      expect(donated.amount.value).toBe(2_500);
      expect(donated.amount.localizedValue).toBe(25);
      expect(donated.amount.currency).toBe('USD');
      expect(rawDataOf(donated)).toMatchObject({ broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'streamer' });

      // The sample a trigger sends has the same fields as a real donation (the gap: it had others).
      next = nextDonation();
      mock.eventsub.trigger('channel.charity_campaign.donate');
      const triggered = await next;
      expect(Object.keys(rawDataOf(triggered)).sort()).toEqual(Object.keys(rawDataOf(donated)).sort());
      expect(rawDataOf(triggered)).toMatchObject({ broadcaster_user_id: streamer.id });

      // twurple 8.1.4's event class reads broadcaster_id / _login / _name, which neither the
      // reference's table and example nor the platform's payloads carry for this type (the
      // campaign start, progress and stop events do): its broadcaster getters are a twurple quirk.
      expect(donated.broadcasterId).toBeUndefined();
    } finally {
      listener.stop();
      mock.charity.stop(streamer.id);
    }
  });
});
