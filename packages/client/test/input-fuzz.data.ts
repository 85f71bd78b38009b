/**
 * What the input fuzz (`input-fuzz.test.ts`) cannot read from the declarations as data, written
 * from the operations' doc comments and the platform's reference, not from their checks: the items
 * of body lists and the objects of body parameters, the values whose format matters, the
 * parameters an operation needs together, and the limits counted in bytes rather than characters.
 * Keys are `group.operation.parameter` (or `group.operation` for a whole operation).
 */

/** A list parameter's items: valid ones (the first `minLength` of them make a valid list) and items of the wrong shape. */
export interface ListItems {
  readonly valid: readonly unknown[];
  readonly wrong: readonly unknown[];
  /** The text field of each item with a length limit in characters (`title` of a poll choice), or `''` for a list of texts. */
  readonly text?: { readonly field: string; readonly max: number };
}

/** Items of the wrong shape that no list of objects takes. */
const notObjects = [null, 0, 1, 'text', true, [], ['x']];

export const listItems: Readonly<Record<string, ListItems>> = {
  'moderation.checkAutoMod.data': {
    valid: [{ msg_id: 'm1', msg_text: 'hello' }],
    wrong: [...notObjects, {}, { msg_id: 'm1' }, { msg_text: 'hello' }, { msg_id: '', msg_text: 'hello' }, { msg_id: 1, msg_text: 'hello' }, { msg_id: 'm1', msg_text: null }],
  },
  'channels.updateChannel.tags': {
    valid: ['Speedrun', 'English'],
    wrong: [null, 0, 1, true, {}, [], '', 'two words'],
    text: { field: '', max: 25 },
  },
  'channels.updateChannel.content_classification_labels': {
    valid: [{ id: 'Gambling', is_enabled: true }],
    wrong: [...notObjects, {}, { id: 'Gambling' }, { is_enabled: true }, { id: 'MatureGame', is_enabled: true }, { id: 'Gambling', is_enabled: 'yes' }],
  },
  'polls.createPoll.choices': {
    valid: [{ title: 'Heads' }, { title: 'Tails' }],
    wrong: [...notObjects, {}, { title: '' }, { title: 5 }, { title: null }],
    text: { field: 'title', max: 25 },
  },
  'predictions.createPrediction.outcomes': {
    valid: [{ title: 'Yes' }, { title: 'No' }],
    wrong: [...notObjects, {}, { title: '' }, { title: 5 }, { title: null }],
    text: { field: 'title', max: 25 },
  },
  'extensions.sendExtensionPubSubMessage.target': {
    valid: ['broadcast'],
    wrong: [null, 0, 1, true, {}, [], '', 'whisper-', 'everyone'],
  },
  'eventsub.updateConduitShards.shards': {
    valid: [{ id: '0', transport: { method: 'websocket', session_id: 'session-1' } }],
    wrong: [...notObjects, {}, { id: '0' }, { transport: { method: 'websocket', session_id: 'session-1' } }, { id: '', transport: { method: 'websocket', session_id: 'session-1' } }, { id: '0', transport: null }],
  },
};

/** A valid value of each object parameter. */
export const objectValues: Readonly<Record<string, unknown>> = {
  'users.updateUserExtensions.panel': { '1': { active: true, id: 'extension-1', version: '1.0.0' } },
  'users.updateUserExtensions.overlay': { '1': { active: false } },
  'users.updateUserExtensions.component': { '1': { active: true, id: 'extension-2', version: '1.0.0', x: 0, y: 0 } },
  'extensions.updateExtensionBitsProduct.cost': { amount: 100, type: 'bits' },
  'eventsub.createSubscription.condition': { broadcaster_user_id: '1001' },
  'eventsub.createSubscription.transport': { method: 'webhook', callback: 'https://example.org/hooks', secret: 'a-secret-of-some-length' },
};

/** Values whose format matters to the operation (a SKU's characters, minutes as text, a type and its version). */
export const formatValues: Readonly<Record<string, unknown>> = {
  'extensions.updateExtensionBitsProduct.sku': 'crate-2',
  'schedule.createScheduleSegment.duration': '60',
  'schedule.updateScheduleSegment.duration': '60',
  'eventsub.createSubscription.type': 'stream.online',
  'eventsub.createSubscription.version': '1',
  'extensions.setExtensionConfiguration.segment': 'global',
  'extensions.extensionConfiguration.segment': 'global',
  'clips.createClipFromVod.vod_offset': 30,
  'predictions.endPrediction.status': 'CANCELED',
  'extensions.sendExtensionPubSubMessage.is_global_broadcast': true,
};

/**
 * Parameters an operation needs beyond its required ones (at least one field to change, one of
 * several filters), added to every case's baseline.
 */
export const baselineExtras: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'channels.updateChannel': { title: 'Any% practice' },
  'teams.teams': { name: 'team' },
  'games.games': { id: '33214' },
  'videos.videos': { user_id: '1001' },
  'clips.clips': { broadcaster_id: '1001' },
  'streams.streamMarkers': { user_id: '1001' },
  'extensions.sendExtensionPubSubMessage': { broadcaster_id: '1001' },
  'channelPoints.customRewardRedemptions': { status: 'UNFULFILLED' },
  'schedule.updateSchedule': { timezone: 'Europe/Paris' },
  'guestStar.updateSettings': { slot_count: 3 },
  'users.updateUserExtensions': { panel: { '1': { active: true, id: 'extension-1', version: '1.0.0' } } },
  'entitlements.updateDropsEntitlements': { entitlement_ids: ['entitlement-1'], fulfillment_status: 'FULFILLED' },
};

/**
 * Parameters that an optional one needs with it, or that it cannot go with in the baseline (set to
 * `undefined`): a period's other end, the switch a value belongs to.
 */
export const companions: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'chat.updateSettings.follower_mode_duration': { follower_mode: true },
  'chat.updateSettings.non_moderator_chat_delay_duration': { non_moderator_chat_delay: true },
  'chat.updateSettings.slow_mode_wait_time': { slow_mode: true },
  'chat.send.pin': {},
  'schedule.updateSchedule.vacation_start_time': { is_vacation_enabled: true, vacation_end_time: '2026-02-01T00:00:00Z' },
  'schedule.updateSchedule.vacation_end_time': { is_vacation_enabled: true, vacation_start_time: '2026-01-01T00:00:00Z' },
  'schedule.updateSchedule.is_vacation_enabled': { vacation_start_time: '2026-01-01T00:00:00Z', vacation_end_time: '2026-02-01T00:00:00Z' },
  'analytics.extensionAnalytics.started_at': { ended_at: '2026-02-01T00:00:00Z' },
  'analytics.extensionAnalytics.ended_at': { started_at: '2026-01-01T00:00:00Z' },
  'analytics.gameAnalytics.started_at': { ended_at: '2026-02-01T00:00:00Z' },
  'analytics.gameAnalytics.ended_at': { started_at: '2026-01-01T00:00:00Z' },
  'polls.createPoll.channel_points_per_vote': { channel_points_voting_enabled: true },
  'channelPoints.createCustomReward.max_per_stream': { is_max_per_stream_enabled: true },
  'channelPoints.createCustomReward.max_per_user_per_stream': { is_max_per_user_per_stream_enabled: true },
  'channelPoints.createCustomReward.global_cooldown_seconds': { is_global_cooldown_enabled: true },
  'channelPoints.updateCustomReward.max_per_stream': { is_max_per_stream_enabled: true },
  'channelPoints.updateCustomReward.max_per_user_per_stream': { is_max_per_user_per_stream_enabled: true },
  'channelPoints.updateCustomReward.global_cooldown_seconds': { is_global_cooldown_enabled: true },
  'predictions.endPrediction.winning_outcome_id': { status: 'RESOLVED' },
  'extensions.setExtensionConfiguration.broadcaster_id': { segment: 'broadcaster' },
  'extensions.extensionConfiguration.broadcaster_id': { segment: 'broadcaster' },
  'extensions.sendExtensionPubSubMessage.is_global_broadcast': { broadcaster_id: undefined, target: ['global'] },
  'teams.teams.id': { name: undefined },
  'games.games.name': { id: undefined },
  'games.games.igdb_id': { id: undefined },
  'videos.videos.id': { user_id: undefined },
  'videos.videos.game_id': { user_id: undefined },
  'clips.clips.game_id': { broadcaster_id: undefined },
  'clips.clips.id': { broadcaster_id: undefined },
  'streams.streamMarkers.video_id': { user_id: undefined },
  'videos.videos.language': { user_id: undefined, game_id: '33214' },
  'videos.videos.period': { user_id: undefined, game_id: '33214' },
  'videos.videos.sort': { user_id: undefined, game_id: '33214' },
  'clips.createClipFromVod.duration': { vod_offset: 60 },
  'bits.bitsLeaderboard.started_at': { period: 'day' },
};

/**
 * Text limits counted in bytes of UTF-8, not characters (the platform's 5 KB payloads): the
 * astral cases use 4-byte characters against them.
 */
export const byteLimits: Readonly<Record<string, number>> = {
  'extensions.setExtensionConfiguration.content': 5120,
  'extensions.sendExtensionPubSubMessage.message': 5120,
};

/** Texts that hold only some ASCII characters (a SKU): no astral case applies. */
export const asciiOnly: ReadonlySet<string> = new Set(['extensions.updateExtensionBitsProduct.sku']);
