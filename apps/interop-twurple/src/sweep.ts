import { expect } from 'vitest';
import type { HelixEventSubSubscription, HelixEventSubTransportOptions } from '@twurple/api';
import type { Interop } from './setup';

/** One call of the sweep: a twurple method, and what its parsed result must show. */
export interface SweepCall {
  group: string;
  name: string;
  run: () => Promise<unknown>;
  /** Throws (an `expect`) when the parsed result is not what the call should give. */
  check?: (result: unknown) => void;
}

/** A call whose check is typed by what the method returns. */
function call<T>(group: string, name: string, run: () => Promise<T>, check?: (result: NonNullable<T>) => void): SweepCall {
  return {
    group,
    name,
    run,
    check: check && ((result) => {
      if (result === null || result === undefined) throw new Error(`twurple gave ${String(result)}`);
      check(result as NonNullable<T>);
    }),
  };
}

/** The outcome of one call. */
export interface SweepResult {
  group: string;
  name: string;
  right: boolean;
  /** Why it is not right: the error twurple threw, or the check that failed. */
  error?: string;
}

/** Runs the calls one after another (later calls use what earlier ones made), never stopping at a failure. */
export async function runSweep(calls: readonly SweepCall[]): Promise<SweepResult[]> {
  const results: SweepResult[] = [];
  for (const call of calls) {
    try {
      const result = await call.run();
      call.check?.(result);
      results.push({ group: call.group, name: call.name, right: true });
    } catch (error) {
      // twurple's HttpStatusCodeError spreads the answer's body over several lines of its message.
      const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
      results.push({ group: call.group, name: call.name, right: false, error: text.slice(0, 300) });
    }
  }
  return results;
}

const isDate = (value: unknown) => {
  expect(value).toBeInstanceOf(Date);
  expect(Number.isNaN((value as Date).getTime())).toBe(false);
};

/**
 * The sweep: twurple's HelixApi methods group by group, on a scene the mock's controls set up (a
 * partner streamer live in a known category, a moderator, a viewer who follows, chats and
 * subscribes, a team, a video, a charity campaign, goals, a hype train...).
 */
export function sweepCalls(interop: Interop): SweepCall[] {
  const { api, mock, streamer, moderator, viewer } = interop;
  const s = streamer.id;
  const m = moderator.id;
  const v = viewer.id;
  const game = mock.state.addGame({ name: 'Interop Game', id: '4242', igdb_id: '777' });
  const { organizationId } = setScene(interop, game.id);
  const made: Record<string, string> = {};
  /** Whether twurple asked for a later page of a route (with the cursor the mock gave). */
  const pagedThrough = (path: string) => mock.requests.some((request) => request.path === path && typeof request.query.after === 'string');
  const asModerator = <T>(run: (client: typeof api) => Promise<T>) => api.asUser(m, async (client) => await run(client as typeof api));

  /**
   * Every `subscribeTo...` method of twurple's EventSub API, to the conduit: the type, version and
   * condition twurple asks for, against the mock's catalogue of types.
   */
  const subscribeCalls = (): SweepCall[] => {
    const eventSub = api.eventSub as unknown as Record<string, (...args: unknown[]) => Promise<HelixEventSubSubscription>>;
    const { clientId } = mock.clientOptions();
    const firstArguments = async (name: string): Promise<unknown[]> => {
      if (name.endsWith('ForReward')) {
        made.loopReward ??= (await api.channelPoints.createCustomReward(s, { title: 'Subscribed to', cost: 1 })).id;
        return [s, made.loopReward];
      }
      if (['subscribeToExtensionBitsTransactionCreateEvents', 'subscribeToUserAuthorizationGrantEvents', 'subscribeToUserAuthorizationRevokeEvents'].includes(name)) return [clientId];
      if (name === 'subscribeToDropEntitlementGrantEvents') return [{ organizationId, categoryId: game.id }];
      return [s];
    };
    const names = Object.getOwnPropertyNames(Object.getPrototypeOf(api.eventSub)).filter((name) => name.startsWith('subscribeTo')).sort();
    return names.map((name) =>
      call('eventsub subscribe', name, async () => {
        const transport: HelixEventSubTransportOptions = { method: 'conduit', conduit_id: made.conduit! };
        return await eventSub[name]!(...(await firstArguments(name)), transport);
      }, (subscription) => {
        expect(subscription.status).toBe('enabled');
        expect(subscription.type).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      }),
    );
  };

  return [
    // Tokens
    call('auth', 'getAppAccessToken (client credentials)', () => interop.authProvider.getAppAccessToken(), (token) => expect(token.accessToken).toMatch(/\S/)),
    call('auth', 'getTokenInfo (validate)', () => api.asUser(s, (client) => client.getTokenInfo()), (info) => { expect(info.userId).toBe(s); expect(info.scopes).toContain('channel:manage:polls'); }),

    // Users
    call('users', 'getUserById', () => api.users.getUserById(s), (user) => { expect(user.name).toBe('streamer'); expect(user.broadcasterType).toBe('partner'); isDate(user.creationDate); }),
    call('users', 'getUserByName', () => api.users.getUserByName('viewer'), (user) => expect(user.id).toBe(v)),
    call('users', 'getUsersByIds', () => api.users.getUsersByIds([s, m, v]), (users) => expect(users.map((user: { id: string }) => user.id).sort()).toEqual([s, m, v].sort())),
    call('users', 'getAuthenticatedUser (with email)', () => api.users.getAuthenticatedUser(s, true), (user) => expect(user.id).toBe(s)),
    call('users', 'updateAuthenticatedUser', () => api.users.updateAuthenticatedUser(s, { description: 'I stream' }), (user) => expect(user.description).toBe('I stream')),
    call('users', 'createBlock', () => api.users.createBlock(v, m, { reason: 'spam', sourceContext: 'chat' })),
    call('users', 'getBlocks', () => api.users.getBlocks(v), (page) => expect(page.data.map((block: { userId: string }) => block.userId)).toEqual([m])),
    call('users', 'deleteBlock', () => api.users.deleteBlock(v, m)),
    call('users', 'getExtensionsForAuthenticatedUser', () => api.users.getExtensionsForAuthenticatedUser(s), (list) => expect(Array.isArray(list)).toBe(true)),
    call('users', 'getActiveExtensions', () => api.users.getActiveExtensions(s), (active) => expect(active.getAllExtensions()).toBeDefined()),

    // Channels
    call('channels', 'updateChannelInfo', () => api.channels.updateChannelInfo(s, { title: 'Interop stream', gameId: game.id, tags: ['interop'] })),
    call('channels', 'getChannelInfoById', () => api.channels.getChannelInfoById(s), (channel) => { expect(channel.title).toBe('Interop stream'); expect(channel.gameId).toBe(game.id); expect(channel.gameName).toBe('Interop Game'); expect(channel.tags).toEqual(['interop']); }),
    call('channels', 'getChannelInfoByIds', () => api.channels.getChannelInfoByIds([s, v]), (channels) => expect(channels).toHaveLength(2)),
    call('channels', 'getChannelEditors', () => api.channels.getChannelEditors(s), (editors) => { expect(editors.map((editor: { userId: string }) => editor.userId)).toEqual([m]); isDate(editors[0]!.creationDate); }),
    call('channels', 'getChannelFollowers', () => api.channels.getChannelFollowers(s), (page) => { expect(page.total).toBe(1); expect(page.data[0]!.userId).toBe(v); isDate(page.data[0]!.followDate); }),
    call('channels', 'getChannelFollowerCount', () => api.channels.getChannelFollowerCount(s), (count) => expect(count).toBe(1)),
    call('channels', 'getFollowedChannels', () => api.channels.getFollowedChannels(v), (page) => expect(page.data[0]!.broadcasterId).toBe(s)),
    call('channels', 'addVip', () => api.channels.addVip(s, v)),
    call('channels', 'getVips', () => api.channels.getVips(s), (page) => expect(page.data.map((vip: { id: string }) => vip.id)).toEqual([v])),
    call('channels', 'checkVipForUser', () => api.channels.checkVipForUser(s, v), (is) => expect(is).toBe(true)),
    call('channels', 'removeVip', () => api.channels.removeVip(s, v)),
    call('channels', 'startChannelCommercial', () => api.channels.startChannelCommercial(s, 30)),

    // Streams
    call('streams', 'getStreams', () => api.streams.getStreams(), (page) => { expect(page.data[0]!.userId).toBe(s); isDate(page.data[0]!.startDate); }),
    call('streams', 'getStreamByUserId', () => api.streams.getStreamByUserId(s), (stream) => { expect(stream.gameName).toBe('Interop Game'); expect(stream.type).toBe('live'); }),
    call('streams', 'getStreamByUserName', () => api.streams.getStreamByUserName('streamer'), (stream) => expect(stream.userId).toBe(s)),
    call('streams', 'getStreamsByUserIds', () => api.streams.getStreamsByUserIds([s, v]), (streams) => expect(streams).toHaveLength(1)),
    call('streams', 'getFollowedStreams', () => api.streams.getFollowedStreams(v), (page) => expect(page.data.map((stream: { userId: string }) => stream.userId)).toEqual([s])),
    call('streams', 'getStreamKey', () => api.streams.getStreamKey(s), (key) => expect(key).toMatch(/\S/)),
    call('streams', 'createStreamMarker', async () => { const marker = await api.streams.createStreamMarker(s, 'sweep'); made.marker = marker.id; return marker; }, (marker) => expect(marker.description).toBe('sweep')),
    call('streams', 'getStreamMarkersForUser', () => api.streams.getStreamMarkersForUser(s), (page) => { expect(page.data.some((marker: { id: string }) => marker.id === made.marker)).toBe(true); made.recording = page.data[0]!.videoId; }),

    // Chat
    call('chat', 'getChatters', () => api.chat.getChatters(s), (page) => { expect(page.total).toBeGreaterThan(0); expect(page.data.map((chatter: { userId: string }) => chatter.userId)).toContain(v); }),
    call('chat', 'getGlobalBadges', () => api.chat.getGlobalBadges(), (sets) => expect(sets.length).toBeGreaterThan(0)),
    call('chat', 'getChannelBadges', () => api.chat.getChannelBadges(s), (sets) => expect(Array.isArray(sets)).toBe(true)),
    call('chat', 'getGlobalEmotes', () => api.chat.getGlobalEmotes(), (emotes) => { expect(emotes.length).toBeGreaterThan(0); expect(emotes[0]!.getImageUrl(1)).toMatch(/^https?:/); }),
    call('chat', 'getChannelEmotes', () => api.chat.getChannelEmotes(s), (emotes) => expect(emotes.map((emote: { name: string }) => emote.name)).toContain('streamerHi')),
    call('chat', 'getEmotesFromSets', () => api.chat.getEmotesFromSets(['0']), (emotes) => expect(Array.isArray(emotes)).toBe(true)),
    call('chat', 'getUserEmotes', () => api.chat.getUserEmotes(v), (page) => expect(page.data.length).toBeGreaterThan(0)),
    call('chat', 'getSettings', () => api.chat.getSettings(s), (settings) => expect(settings.slowModeEnabled).toBe(false)),
    call('chat', 'updateSettings', () => api.chat.updateSettings(s, { slowModeEnabled: true, slowModeDelay: 10 }), (settings) => { expect(settings.slowModeEnabled).toBe(true); expect(settings.slowModeDelay).toBe(10); }),
    call('chat', 'getSettingsPrivileged', () => api.chat.getSettingsPrivileged(s), (settings) => expect(settings.slowModeDelay).toBe(10)),
    call('chat', 'sendChatMessage', () => api.chat.sendChatMessage(s, 'hello from twurple'), (sent) => { expect(sent.isSent).toBe(true); expect(sent.id).toMatch(/\S/); }),
    call('chat', 'sendAnnouncement', () => api.chat.sendAnnouncement(s, { message: 'announced', color: 'blue' })),
    call('chat', 'setColorForUser', () => api.chat.setColorForUser(v, 'blue')),
    call('chat', 'getColorForUser', () => api.chat.getColorForUser(v), (color) => expect(color).toBe('#0000FF')),
    call('chat', 'getColorsForUsers', () => api.chat.getColorsForUsers([v, s]), (colors) => expect(colors.get(v)).toBe('#0000FF')),
    call('chat', 'shoutoutUser', () => api.chat.shoutoutUser(s, v)),
    call('chat', 'getSharedChatSession', async () => (await api.chat.getSharedChatSession(s)) === null, (none) => expect(none).toBe(true)),

    // Moderation
    call('moderation', 'addModerator', () => api.moderation.addModerator(s, m)),
    call('moderation', 'getModerators', () => api.moderation.getModerators(s), (page) => expect(page.data.map((mod: { userId: string }) => mod.userId)).toEqual([m])),
    call('moderation', 'checkUserMod', () => api.moderation.checkUserMod(s, m), (is) => expect(is).toBe(true)),
    call('moderation', 'getModeratedChannels', () => api.moderation.getModeratedChannels(m), (page) => expect(page.data.map((channel: { id: string }) => channel.id)).toEqual([s])),
    call('moderation', 'banUser (timeout, as moderator)', () => asModerator((client) => client.moderation.banUser(s, { user: v, reason: 'calm down', duration: 60 })), (bans) => { expect(bans[0]!.userId).toBe(v); isDate(bans[0]!.expiryDate); }),
    call('moderation', 'getBannedUsers', () => api.moderation.getBannedUsers(s), (page) => { expect(page.data[0]!.userId).toBe(v); expect(page.data[0]!.reason).toBe('calm down'); isDate(page.data[0]!.expiryDate); }),
    call('moderation', 'checkUserBan', () => api.moderation.checkUserBan(s, v), (is) => expect(is).toBe(true)),
    call('moderation', 'unbanUser', () => api.moderation.unbanUser(s, v)),
    call('moderation', 'addBlockedTerm', async () => { const terms = await api.moderation.addBlockedTerm(s, 'badword'); made.term = terms[0]!.id; return terms; }, (terms) => expect(terms[0]!.text).toBe('badword')),
    call('moderation', 'getBlockedTerms', () => api.moderation.getBlockedTerms(s), (page) => expect(page.data.map((term: { text: string }) => term.text)).toEqual(['badword'])),
    call('moderation', 'removeBlockedTerm', () => api.moderation.removeBlockedTerm(s, s, made.term!)),
    call('moderation', 'deleteChatMessages (one)', () => api.moderation.deleteChatMessages(s, mock.chat.userSays(s, v, 'to delete').message_id)),
    call('moderation', 'getShieldModeStatus', () => api.moderation.getShieldModeStatus(s), (status) => expect(status.isActive).toBe(false)),
    call('moderation', 'updateShieldModeStatus', () => api.moderation.updateShieldModeStatus(s, true), (status) => { expect(status.isActive).toBe(true); isDate(status.lastActivationDate); }),
    call('moderation', 'warnUser', () => api.moderation.warnUser(s, v, 'be nice'), (warning) => expect(warning.reason).toBe('be nice')),
    call('moderation', 'checkAutoModStatus', () => api.moderation.checkAutoModStatus(s, [{ messageId: 'a', messageText: 'hello' }]), (statuses) => expect(statuses[0]!.isPermitted).toBe(true)),
    call('moderation', 'getAutoModSettings', () => api.moderation.getAutoModSettings(s), (settings) => expect(settings[0]!.broadcasterId).toBe(s)),
    // twurple types the update as the whole settings object (an Exclude of a non-union type): the level alone is what a user sends.
    call('moderation', 'updateAutoModSettings', () => api.moderation.updateAutoModSettings(s, { overallLevel: 2 } as never), (settings) => expect(settings[0]!.overallLevel).toBe(2)),
    call('moderation', 'processHeldAutoModMessage', () => api.moderation.processHeldAutoModMessage(s, mock.moderation.holdMessage(s, v, 'held text'), true)),
    call('moderation', 'banUser (ban) for an unban request', () => api.moderation.banUser(s, { user: v, reason: 'gone' }), (bans) => expect(bans[0]!.expiryDate).toBeNull()),
    call('moderation', 'getUnbanRequests', async () => { made.unban = mock.moderation.createUnbanRequest(s, v, 'sorry').id; return await api.moderation.getUnbanRequests(s, 'pending'); }, (page) => { expect(page.data[0]!.userId).toBe(v); expect(page.data[0]!.message).toBe('sorry'); isDate(page.data[0]!.creationDate); }),
    call('moderation', 'resolveUnbanRequest', () => api.moderation.resolveUnbanRequest(s, made.unban!, true, 'ok'), (request) => { expect(request.resolutionMessage).toBe('ok'); isDate(request.resolutionDate); }),
    call('moderation', 'removeModerator', () => api.moderation.removeModerator(s, m)),

    // Channel points
    call('channel points', 'createCustomReward', async () => { const reward = await api.channelPoints.createCustomReward(s, { title: 'Hydrate', cost: 100 }); made.reward = reward.id; return reward; }, (reward) => { expect(reward.title).toBe('Hydrate'); expect(reward.cost).toBe(100); }),
    call('channel points', 'getCustomRewards', () => api.channelPoints.getCustomRewards(s), (rewards) => expect(rewards.map((reward: { id: string }) => reward.id)).toEqual([made.reward])),
    call('channel points', 'getCustomRewardById', () => api.channelPoints.getCustomRewardById(s, made.reward!), (reward) => expect(reward.backgroundColor).toMatch(/^#[0-9A-F]{6}$/i)),
    call('channel points', 'updateCustomReward', () => api.channelPoints.updateCustomReward(s, made.reward!, { cost: 200 }), (reward) => expect(reward.cost).toBe(200)),
    call('channel points', 'getRedemptionsForBroadcaster', async () => { made.redemption = mock.channelPoints.redeem(s, made.reward!, v).id; return await api.channelPoints.getRedemptionsForBroadcaster(s, made.reward!, 'UNFULFILLED', {}); }, (page) => { expect(page.data[0]!.userId).toBe(v); isDate(page.data[0]!.redemptionDate); }),
    call('channel points', 'getRedemptionById', () => api.channelPoints.getRedemptionById(s, made.reward!, made.redemption!), (redemption) => expect(redemption.rewardTitle).toBe('Hydrate')),
    call('channel points', 'updateRedemptionStatusByIds', () => api.channelPoints.updateRedemptionStatusByIds(s, made.reward!, [made.redemption!], 'FULFILLED'), (redemptions) => expect(redemptions[0]!.isFulfilled).toBe(true)),
    call('channel points', 'deleteCustomReward', () => api.channelPoints.deleteCustomReward(s, made.reward!)),

    // Polls and predictions
    call('polls', 'createPoll (with Channel Points)', async () => { const poll = await api.polls.createPoll(s, { title: 'Best?', choices: ['a', 'b'], duration: 60, channelPointsPerVote: 10 }); made.poll = poll.id; return poll; }, (poll) => { expect(poll.isChannelPointsVotingEnabled).toBe(true); expect(poll.channelPointsPerVote).toBe(10); isDate(poll.startDate); }),
    call('polls', 'getPolls', () => api.polls.getPolls(s), (page) => expect(page.data[0]!.id).toBe(made.poll)),
    call('polls', 'getPollById', () => { mock.polls.vote(s, { user_id: v, choice_id: mock.polls.get(made.poll!)!.choices[0]!.id }); return api.polls.getPollById(s, made.poll!); }, (poll) => expect(poll.choices[0]!.totalVotes).toBe(1)),
    call('polls', 'endPoll', () => api.polls.endPoll(s, made.poll!, true), (poll) => { expect(poll.status).toBe('TERMINATED'); isDate(poll.endDate); }),
    call('predictions', 'createPrediction', async () => { const prediction = await api.predictions.createPrediction(s, { title: 'Win?', outcomes: ['yes', 'no'], autoLockAfter: 60 }); made.prediction = prediction.id; return prediction; }, (prediction) => { expect(prediction.outcomes.map((outcome: { color: string }) => outcome.color)).toEqual(['BLUE', 'PINK']); expect(prediction.autoLockAfter).toBe(60); }),
    call('predictions', 'getPredictions', () => api.predictions.getPredictions(s), (page) => expect(page.data[0]!.id).toBe(made.prediction)),
    call('predictions', 'getPredictionById', () => { mock.predictions.bet(s, { user_id: v, outcome_id: mock.predictions.get(made.prediction!)!.outcomes[0]!.id, channel_points: 50 }); return api.predictions.getPredictionById(s, made.prediction!); }, (prediction) => { expect(prediction.outcomes[0]!.totalChannelPoints).toBe(50); expect(prediction.outcomes[0]!.topPredictors[0]!.userId).toBe(v); }),
    call('predictions', 'lockPrediction', () => api.predictions.lockPrediction(s, made.prediction!), (prediction) => { expect(prediction.status).toBe('LOCKED'); isDate(prediction.lockDate); }),
    call('predictions', 'resolvePrediction', async () => await api.predictions.resolvePrediction(s, made.prediction!, (await api.predictions.getPredictionById(s, made.prediction!))!.outcomes[0]!.id), (prediction) => { expect(prediction.status).toBe('RESOLVED'); expect(prediction.winningOutcome?.title).toBe('yes'); }),
    call('predictions', 'cancelPrediction', async () => { const prediction = await api.predictions.createPrediction(s, { title: 'Again?', outcomes: ['yes', 'no'], autoLockAfter: 60 }); return await api.predictions.cancelPrediction(s, prediction.id); }, (prediction) => expect(prediction.status).toBe('CANCELED')),

    // Engagement that viewers make
    call('subscriptions', 'getSubscriptions', () => api.subscriptions.getSubscriptions(s), (page) => { expect(page.total).toBe(1); expect(page.points).toBe(1); expect(page.data[0]!.userId).toBe(v); expect(page.data[0]!.tier).toBe('1000'); }),
    call('subscriptions', 'getSubscriptionForUser', () => api.subscriptions.getSubscriptionForUser(s, v), (subscription) => expect(subscription.userName).toBe('viewer')),
    call('subscriptions', 'checkUserSubscription', () => api.subscriptions.checkUserSubscription(v, s), (subscription) => { expect(subscription.broadcasterId).toBe(s); expect(subscription.isGift).toBe(false); }),
    call('bits', 'getLeaderboard', () => api.bits.getLeaderboard(s, { period: 'all' }), (board) => { expect(board.entries[0]!.userId).toBe(v); expect(board.entries[0]!.amount).toBe(100); expect(board.totalCount).toBe(1); }),
    call('bits', 'getCheermotes', () => api.bits.getCheermotes(s), (list) => expect(list.getPossibleNames().length).toBeGreaterThan(0)),
    call('bits', 'getCustomPowerUps', () => api.bits.getCustomPowerUps(s), (list) => expect(Array.isArray(list)).toBe(true)),
    call('goals', 'getGoals', () => api.goals.getGoals(s), (goals) => { expect(goals[0]!.type).toBe('follower'); expect(goals[0]!.currentAmount).toBe(1); isDate(goals[0]!.creationDate); }),
    call('hype train', 'getHypeTrainStatusForBroadcaster', () => api.hypeTrain.getHypeTrainStatusForBroadcaster(s), (status) => expect(status.current?.level).toBeGreaterThanOrEqual(1)),
    call('charity', 'getCharityCampaign', () => api.charity.getCharityCampaign(s), (campaign) => { expect(campaign.charityName).toBe('Sweep Fund'); expect(campaign.currentAmount.value).toBe(500); expect(campaign.targetAmount.localizedValue).toBe(100); }),
    call('charity', 'getCharityCampaignDonations', () => api.charity.getCharityCampaignDonations(s), (page) => { expect(page.data[0]!.donorId).toBe(v); expect(page.data[0]!.amount.value).toBe(500); }),

    // Clips, videos, schedule, raids
    call('clips', 'createClip', async () => { made.clip = await api.clips.createClip({ channel: s }); return made.clip; }, (id) => expect(id).toMatch(/\S/)),
    call('clips', 'getClipById', () => api.clips.getClipById(made.clip!), (clip) => { expect(clip.broadcasterId).toBe(s); isDate(clip.creationDate); }),
    call('clips', 'getClipsForBroadcaster', () => api.clips.getClipsForBroadcaster(s), (page) => expect(page.data.map((clip: { id: string }) => clip.id)).toContain(made.clip)),
    call('clips', 'getClipsForGame', () => api.clips.getClipsForGame(game.id), (page) => expect(page.data.map((clip: { id: string }) => clip.id)).toContain(made.clip)),
    call('clips', 'createClipFromVod', () => api.clips.createClipFromVod({ channel: s, vodId: made.recording!, vodOffset: 30, duration: 20, title: 'From the VOD' }), (id) => expect(id).toMatch(/\S/)),
    call('videos', 'getVideosByUser', () => api.videos.getVideosByUser(s), (page) => { expect(page.data.map((video: { title: string }) => video.title)).toContain('Highlight'); made.video = page.data.find((video: { title: string }) => video.title === 'Highlight')!.id; }),
    call('videos', 'getVideoById', () => api.videos.getVideoById(made.video!), (video) => { expect(video.type).toBe('highlight'); expect(video.durationInSeconds).toBe(90); isDate(video.creationDate); }),
    call('videos', 'getVideosByGame', () => api.videos.getVideosByGame(game.id), (page) => expect(Array.isArray(page.data)).toBe(true)),
    call('videos', 'getVideosByIds', () => api.videos.getVideosByIds([made.video!]), (videos) => expect(videos.map((video) => video.title)).toEqual(['Highlight'])),
    call('videos', 'deleteVideosByIds', () => api.videos.deleteVideosByIds(s, [made.video!])),
    call('schedule', 'createScheduleSegment', async () => { const segment = await api.schedule.createScheduleSegment(s, { startDate: new Date(Date.now() + 86_400_000).toISOString(), timezone: 'Europe/Berlin', isRecurring: true, duration: 120, title: 'Weekly', categoryId: game.id }); made.segment = segment.id; return segment; }, (segment) => { expect(segment.title).toBe('Weekly'); isDate(segment.startDate); }),
    call('schedule', 'getSchedule', () => api.schedule.getSchedule(s), (page) => { expect(page.data.segments[0]!.categoryName).toBe('Interop Game'); isDate(page.data.segments[0]!.startDate); }),
    call('schedule', 'getScheduleSegmentById', () => api.schedule.getScheduleSegmentById(s, made.segment!), (segment) => expect(segment.title).toBe('Weekly')),
    call('schedule', 'updateScheduleSegment', () => api.schedule.updateScheduleSegment(s, made.segment!, { title: 'Weekly show' }), (segment) => expect(segment.title).toBe('Weekly show')),
    call('schedule', 'updateScheduleSettings', () => api.schedule.updateScheduleSettings(s, { vacation: null })),
    call('schedule', 'getScheduleAsIcal', () => api.schedule.getScheduleAsIcal(s), (text) => expect(text).toMatch(/^BEGIN:VCALENDAR/)),
    call('schedule', 'getScheduleSegmentsByIds', () => api.schedule.getScheduleSegmentsByIds(s, [made.segment!]), (segments) => expect(segments.map((segment) => segment.id)).toEqual([made.segment])),
    call('schedule', 'deleteScheduleSegment', () => api.schedule.deleteScheduleSegment(s, made.segment!)),
    call('raids', 'startRaid', () => api.raids.startRaid(s, v), (raid) => { isDate(raid.creationDate); expect(typeof raid.targetIsMature).toBe('boolean'); }),
    call('raids', 'cancelRaid', () => api.raids.cancelRaid(s)),
    call('whispers', 'sendWhisper', () => api.whispers.sendWhisper(s, v, 'psst')),

    // Games, search, teams, labels
    call('games', 'getGameById', () => api.games.getGameById(game.id), (found) => { expect(found.name).toBe('Interop Game'); expect(found.igdbId).toBe('777'); }),
    call('games', 'getGameByName', () => api.games.getGameByName('Interop Game'), (found) => expect(found.id).toBe(game.id)),
    call('games', 'getGameByIgdbId', () => api.games.getGameByIgdbId('777'), (found) => expect(found.id).toBe(game.id)),
    call('games', 'getTopGames', () => api.games.getTopGames(), (page) => expect(page.data[0]!.id).toBe(game.id)),
    call('search', 'searchCategories', () => api.search.searchCategories('interop'), (page) => expect(page.data[0]!.id).toBe(game.id)),
    call('search', 'searchChannels', () => api.search.searchChannels('stream'), (page) => { expect(page.data[0]!.id).toBe(s); expect(page.data[0]!.isLive).toBe(true); }),
    call('teams', 'getTeamsForBroadcaster', () => api.teams.getTeamsForBroadcaster(s), (teams) => expect(teams[0]!.name).toBe('interop')),
    call('teams', 'getTeamByName', () => api.teams.getTeamByName('interop'), (team) => { expect(team.userRelations.map((user: { id: string }) => user.id)).toEqual([s]); isDate(team.creationDate); }),
    call('content labels', 'getAll', () => api.contentClassificationLabels.getAll(), (labels) => expect(labels).toHaveLength(7)),

    // Several pages (twurple's paginators follow the cursor) and several IDs in one request
    call('paging', 'getChannelFollowersPaginated().getAll() over 2 pages', async () => {
      const crowd = Array.from({ length: 120 }, (_, index) => mock.addUser({ login: `fan${String(index).padStart(3, '0')}` }).id);
      for (const id of crowd) mock.channels.follow(id, s);
      mock.chat.join(s, crowd);
      return await api.channels.getChannelFollowersPaginated(s).getAll();
    }, (followers) => { expect(followers).toHaveLength(121); expect(new Set(followers.map((follower) => follower.userId)).size).toBe(121); expect(pagedThrough('/channels/followers')).toBe(true); }),
    call('paging', 'getChattersPaginated().getAll()', () => api.chat.getChattersPaginated(s).getAll(), (chatters) => expect(chatters.length).toBeGreaterThanOrEqual(121)),
    call('paging', 'getFollowedChannelsPaginated().getAll()', () => api.channels.getFollowedChannelsPaginated(v).getAll(), (channels) => expect(channels.map((channel) => channel.broadcasterId)).toEqual([s])),
    call('paging', 'getUserEmotesPaginated().getAll()', () => api.chat.getUserEmotesPaginated(v).getAll(), (emotes) => expect(emotes.length).toBeGreaterThan(0)),
    call('batches', 'getUserByIdBatched (three in one request)', () => Promise.all([s, m, v].map((id) => api.users.getUserByIdBatched(id))), (users) => expect(users.map((user) => user?.name)).toEqual(['streamer', 'moderator', 'viewer'])),
    call('batches', 'getGameByIdBatched', () => api.games.getGameByIdBatched(game.id), (found) => expect(found.name).toBe('Interop Game')),
    call('batches', 'getUsersByNames', () => api.users.getUsersByNames(['viewer', 'moderator']), (users) => expect(users.map((user) => user.id).sort()).toEqual([m, v].sort())),
    call('batches', 'getStreamsByUserNames', () => api.streams.getStreamsByUserNames(['streamer', 'viewer']), (streams) => expect(streams.map((stream) => stream.userId)).toEqual([s])),
    call('batches', 'getGamesByNames', () => api.games.getGamesByNames(['Interop Game']), (games) => expect(games.map((found) => found.id)).toEqual([game.id])),
    call('batches', 'getClipsByIds', () => api.clips.getClipsByIds([made.clip!]), (clips) => expect(clips.map((clip) => clip.id)).toEqual([made.clip])),
    call('batches', 'getPollsByIds', () => api.polls.getPollsByIds(s, [made.poll!]), (polls) => expect(polls[0]!.status).toBe('TERMINATED')),
    call('batches', 'getPredictionsByIds', () => api.predictions.getPredictionsByIds(s, [made.prediction!]), (predictions) => expect(predictions[0]!.status).toBe('RESOLVED')),
    call('batches', 'checkVipForUsers', () => api.channels.checkVipForUsers(s, [v, m]), (vips) => expect(vips).toEqual([])),
    call('batches', 'getSubscriptionsForUsers', () => api.subscriptions.getSubscriptionsForUsers(s, [v, m]), (subscriptions) => expect(subscriptions.map((subscription) => subscription.userId)).toEqual([v])),
    call('chat', 'sendChatMessageAsApp', () => api.chat.sendChatMessageAsApp(s, s, 'from the app token'), (sent) => expect(sent.isSent).toBe(true)),

    // Extensions and entitlements
    call('extensions', 'getReleasedExtension', () => api.extensions.getReleasedExtension('sweep-extension'), (extension) => expect(extension.authorName).toBe('streamer')),
    call('extensions', 'getLiveChannelsWithExtension', () => api.extensions.getLiveChannelsWithExtension('sweep-extension'), (page) => expect(page.data[0]!.id).toBe(s)),
    call('entitlements', 'getDropsEntitlements', () => api.entitlements.getDropsEntitlements({} as never), (page) => { expect(page.data[0]!.userId).toBe(v); isDate(page.data[0]!.grantDate); isDate(page.data[0]!.updateDate); }),
    call('entitlements', 'getDropsEntitlementsByIds', async () => await api.entitlements.getDropsEntitlementsByIds([(await api.entitlements.getDropsEntitlements({} as never)).data[0]!.id]), (entitlements) => expect(entitlements[0]!.userId).toBe(v)),
    call('entitlements', 'updateDropsEntitlements', async () => await api.entitlements.updateDropsEntitlements([(await api.entitlements.getDropsEntitlements({} as never)).data[0]!.id], 'FULFILLED'), (updates) => expect([...updates.values()]).toEqual(['SUCCESS'])),

    // EventSub subscriptions (a conduit: nothing is called back over the network)
    call('eventsub', 'createConduit', async () => { const conduit = await api.eventSub.createConduit(1); made.conduit = conduit.id; return conduit; }, (conduit) => expect(conduit.shardCount).toBe(1)),
    call('eventsub', 'getConduits', () => api.eventSub.getConduits(), (conduits) => expect(conduits.map((conduit: { id: string }) => conduit.id)).toEqual([made.conduit])),
    call('eventsub', 'getConduitShards', () => api.eventSub.getConduitShards(made.conduit!), (page) => expect(page.data.map((shard) => shard.id)).toEqual(['0'])),
    call('eventsub', 'subscribeToChannelFollowEvents (conduit)', async () => { const subscription = await api.eventSub.subscribeToChannelFollowEvents(s, { method: 'conduit', conduit_id: made.conduit! }); made.subscription = subscription.id; return subscription; }, (subscription) => { expect(subscription.type).toBe('channel.follow'); expect(subscription.condition).toMatchObject({ broadcaster_user_id: s }); }),
    call('eventsub', 'getSubscriptions', () => api.eventSub.getSubscriptions(), (page) => { expect(page.total).toBe(1); expect(page.data[0]!.id).toBe(made.subscription); isDate(page.data[0]!.creationDate); }),
    call('eventsub', 'getSubscriptionsForType', () => api.eventSub.getSubscriptionsForType('channel.follow'), (page) => expect(page.data).toHaveLength(1)),
    call('eventsub', 'getSubscriptionsForStatus', () => api.eventSub.getSubscriptionsForStatus('enabled'), (page) => expect(page.data.map((subscription) => subscription.id)).toEqual([made.subscription])),
    // twurple asks with the user's token, which lists that user's WebSocket subscriptions (none), not the app's conduit ones.
    call('eventsub', 'getSubscriptionsForUser', () => api.eventSub.getSubscriptionsForUser(s), (page) => expect(page.data).toEqual([])),
    call('eventsub', 'deleteSubscription', () => api.eventSub.deleteSubscription(made.subscription!)),
    ...subscribeCalls(),
    call('eventsub', 'deleteAllSubscriptions', async () => { await api.eventSub.deleteAllSubscriptions(); return (await api.eventSub.getSubscriptions()).total; }, (total) => expect(total).toBe(0)),
    call('eventsub', 'updateConduit', () => api.eventSub.updateConduit(made.conduit!, 2), (conduit) => expect(conduit.shardCount).toBe(2)),
    call('eventsub', 'deleteConduit', () => api.eventSub.deleteConduit(made.conduit!)),
  ];
}

/** What the calls need that no API call makes, set up with the mock's controls. */
function setScene(interop: Interop, gameId: string): { organizationId: string } {
  const { mock, streamer, moderator, viewer } = interop;
  const s = streamer.id;
  // Live for an hour already: the recording is long enough to clip from.
  mock.streams.start(s, { title: 'Interop stream', viewer_count: 42, game_id: gameId, started_at: Date.now() - 3_600_000 });
  mock.channels.follow(viewer.id, s);
  mock.channels.addEditor(s, moderator.id);
  mock.chat.join(s, [viewer.id]);
  mock.chat.setChannelEmotes(s, [{ name: 'streamerHi', tier: '1000' }]);
  mock.chat.userSays(s, viewer.id, 'hi');
  mock.subscriptions.subscribe(s, viewer.id);
  mock.bits.cheer(s, { user_id: viewer.id, bits: 100, message: 'Cheer100' });
  mock.goals.begin(s, { type: 'follower', target_amount: 10 });
  mock.hypeTrain.start(s, { contributions: [{ user_id: viewer.id, type: 'bits', total: 600 }] });
  mock.charity.start(s, { charity_name: 'Sweep Fund', target_amount: 10_000, currency: 'USD', decimal_places: 2 });
  mock.charity.donate(s, viewer.id, 500);
  // Made before the stream began: Get Stream Markers reads the user's latest video.
  mock.videos.add(s, { type: 'highlight', title: 'Highlight', duration: 90, created_at: Date.now() - 86_400_000 });
  mock.teams.add({ name: 'interop', members: [s] });
  mock.extensions.add({ clientId: 'sweep-extension', name: 'Sweep', ownerId: s, version: '1.0.0', liveChannels: [s] });
  const { clientId } = mock.clientOptions();
  const organization = mock.entitlements.addOrganization({ games: [gameId], clients: [{ clientId, ownerId: s }] });
  mock.entitlements.grant({ user_id: viewer.id, game_id: gameId });
  return { organizationId: organization.id };
}
