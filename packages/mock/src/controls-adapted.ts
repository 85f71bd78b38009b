// The control tables of the groups not converted yet to `<group>Routes` + `<Group>State` +
// `<group>Controls` (see controls.ts): each row names and describes a method of the group's
// existing control object, which the row calls. Converting a group moves its rows into its own
// file, with a `run` each, and deletes its table here.
import { adaptControls, removersOf, serveGroup, type HttpOnlyRow, type ServedGroup } from './controls';

import type { ChannelPointsControl } from './routes/channel-points';
import type { GoalsControl } from './routes/goals';
import type { HypeTrainControl } from './routes/hype-train';
import type { CharityControl } from './routes/charity';
import type { BitsControl } from './routes/bits';
import type { SubscriptionsControl } from './routes/subscriptions';
import type { UsersControl } from './routes/user-extensions';
import type { ChannelsControl } from './routes/channels';
import type { TeamsControl } from './routes/teams';
import type { GamesControl } from './routes/games';
import type { StreamsControl } from './routes/streams';
import type { VideosControl } from './routes/videos';
import type { ClipsControl } from './routes/clips';
import type { RaidsControl } from './routes/raids';
import type { AdsControl } from './routes/ads';
import type { ExtensionsControl } from './routes/extensions';
import type { AnalyticsControl } from './routes/analytics';
import type { EntitlementsControl } from './routes/entitlements';
import type { ChatControl } from './routes/chat';
import type { ModerationControl } from './routes/moderation';
import type { GuestStarControl } from './routes/guest-star';
import type { MockEventSub } from './eventsub';
import type { OAuthServer } from './oauth';
import type { MockPlatform } from './mock-platform';

/** `mock.channelPoints` (routes/channel-points.ts). */
export const channelPointsAdapted = adaptControls<ChannelPointsControl>({
  redeem: { params: ['broadcasterId: string', 'rewardId: string', 'userId: string', 'options?: RedeemOptions'], does: 'A viewer redeems a custom reward: the redemption is UNFULFILLED (FULFILLED when the reward skips the request queue) and `channel.channel_points_custom_reward_redemption.add` is raised.' },
  reward: { params: ['rewardId: string'], does: 'A reward by ID; undefined when unknown (or deleted).' },
  redemption: { params: ['redemptionId: string'], does: 'A redemption by ID; undefined when unknown.' },
});

/** `mock.goals` (routes/goals.ts). */
export const goalsAdapted = adaptControls<GoalsControl>({
  begin: { params: ['broadcasterId: string', 'input: GoalInput'], does: 'The broadcaster begins a goal: Get Creator Goals lists it and `channel.goal.begin` is raised.' },
  progress: { params: ['goalId: string', 'currentAmount: number'], does: 'Sets a goal\'s current amount (forward or backward) and raises `channel.goal.progress`.' },
  end: { params: ['goalId: string', 'options?: { is_achieved?: boolean }'], does: 'Ends a goal: it leaves Get Creator Goals and `channel.goal.end` is raised, with `is_achieved` (default: whether the current amount reached the target).' },
  get: { params: ['goalId: string'], does: 'A goal by ID (ended ones too); undefined when unknown.' },
});

/** `mock.hypeTrain` (routes/hype-train.ts). */
export const hypeTrainAdapted = adaptControls<HypeTrainControl>({
  start: { params: ['broadcasterId: string', 'options: { type?: HypeTrainType; contributions: HypeContribution[] }'], does: 'The channel\'s viewers set off a train with `contributions` (at least one): a `channel.hype_train.progress` for each, then `channel.hype_train.begin`.' },
  contribute: { params: ['broadcasterId: string', 'contribution: HypeContribution'], does: 'A contribution to the running train (`channel.hype_train.progress`).' },
  end: { params: ['broadcasterId: string'], does: 'Ends the running train now (`channel.hype_train.end`); the cooldown starts.' },
  current: { params: ['broadcasterId: string'], does: 'The running train (after ending those that expired); undefined when none.' },
  settle: { params: [], does: 'Ends every train that expired on the mock\'s clock; returns how many.' },
});

/** `mock.charity` (routes/charity.ts). */
export const charityAdapted = adaptControls<CharityControl>({
  start: { params: ['broadcasterId: string', 'input: CharityCampaignInput'], does: 'The broadcaster starts a campaign (`channel.charity_campaign.start`).' },
  donate: { params: ['broadcasterId: string', 'userId: string', 'value: number'], does: 'A viewer donates `value` minor units (a whole number from 1) to the running campaign: `channel.charity_campaign.donate`, then `.progress` with the new amount.' },
  setTarget: { params: ['broadcasterId: string', 'value: number | null'], does: 'The broadcaster changes the goal (null: none); raises `channel.charity_campaign.progress`.' },
  stop: { params: ['broadcasterId: string'], does: 'The broadcaster stops the campaign (`channel.charity_campaign.stop`).' },
  campaign: { params: ['broadcasterId: string'], does: 'The running campaign; undefined when none.' },
});

/** `mock.bits` (routes/bits.ts). */
export const bitsAdapted = adaptControls<BitsControl>({
  cheer: { params: ['broadcasterId: string', 'cheer: CheerInput'], does: 'A viewer cheers in a channel: `channel.cheer` and `channel.bits.use` are raised, the cheer counts on the Bits leaderboard (unless anonymous), moves the channel\'s `new_bit` and `new_cheerer` goals and its running hype train.' },
  addExtensionTransaction: { params: ['input: ExtensionTransactionInput'], does: 'A viewer buys an extension\'s product with Bits: Get Extension Transactions lists it, `extension.bits_transaction.create` is raised and a running hype train moves (not for a product in development).' },
  addCheermote: { params: ['broadcasterId: string', 'cheermote: { prefix: string; order?: number }'], does: 'The broadcaster uploads a custom Cheermote (`channel_custom`), listed with `broadcaster_id`.' },
  addCustomPowerUp: { params: ['broadcasterId: string', 'powerUp: CustomPowerUpInput'], does: 'The broadcaster sets up a custom Power-up (on the platform\'s site: no API call does): Get Custom Power-up lists it.' },
  redeemCustomPowerUp: { params: ['broadcasterId: string', 'powerUpId: string', 'userId: string', 'options?: { user_input?: string }'], does: 'A viewer redeems a custom Power-up: `channel.custom_power_up_redemption.add` (status `unfulfilled`) and `channel.bits.use` (type `custom_power_up`) are raised, and the redemption counts against the Power-up\'s limits and starts its cooldown.' },
});

/** `mock.subscriptions` (routes/subscriptions.ts). */
export const subscriptionsAdapted = adaptControls<SubscriptionsControl>({
  subscribe: { params: ['broadcasterId: string', 'userId: string', 'options?: SubscribeOptions'], does: 'A viewer subscribes (`channel.subscribe`).' },
  gift: { params: ['broadcasterId: string', 'gifterId: string | null', 'recipientIds: readonly string[]', 'options?: { tier?: SubscriptionTier }'], does: 'A viewer (`gifterId`; null for an anonymous gift) gifts subscriptions in a channel to `recipientIds`: `channel.subscription.gift`, then `channel.subscribe` (`is_gift` true) for each recipient.' },
  resubscribe: { params: ['broadcasterId: string', 'userId: string', 'options: ResubscribeOptions'], does: 'A subscriber shares a resubscription message (`channel.subscription.message`).' },
  end: { params: ['broadcasterId: string', 'userId: string'], does: 'A subscription ends (`channel.subscription.end`); returns whether there was one.' },
  grantExtension: { params: ['broadcasterId: string', 'clientId: string', 'scope: \'channel:read:subscriptions\' | \'user:read:subscriptions\''], does: 'The broadcaster grants an extension (its client ID) a scope in the extensions manager, so the extension\'s app token may call Get Broadcaster Subscriptions (`channel:read:subscriptions`) or Check User Subscription (`user:read:subscriptions`) for the channel.' },
  get: { params: ['broadcasterId: string', 'userId: string'], does: 'A viewer\'s subscription to a channel; undefined when none.' },
});

/** `mock.users` (routes/user-extensions.ts). */
export const usersAdapted = adaptControls<UsersControl>({
  installExtension: { params: ['userId: string', 'extension: InstallExtensionInput'], does: 'Installs an extension for a user (replacing an installed one with the same ID); Update User Extensions can then activate it.' },
  uninstallExtension: { params: ['userId: string', 'extensionId: string'], does: 'Uninstalls an extension, emptying the slots it was active in; returns whether it was installed.' },
});

/** `mock.channels` (routes/channels.ts). */
export const channelsAdapted = adaptControls<ChannelsControl>({
  follow: { params: ['userId: string', 'broadcasterId: string'], does: '`userId` follows `broadcasterId` now: Get Channel Followers and Get Followed Channels show it first, and `channel.follow` is raised.' },
  unfollow: { params: ['userId: string', 'broadcasterId: string'], does: '`userId` stops following `broadcasterId`; returns whether they followed.' },
  addEditor: { params: ['broadcasterId: string', 'userId: string'], does: 'Makes `userId` an editor of the broadcaster\'s channel (listed by Get Channel Editors, allowed to use Modify Channel Information).' },
  removeEditor: { params: ['broadcasterId: string', 'userId: string'], does: 'Removes an editor; returns whether they were one.' },
});

/** `mock.teams` (routes/teams.ts). */
export const teamsAdapted = adaptControls<TeamsControl>({
  add: { params: ['team: TeamInput'], does: 'Creates a team with its members.' },
  addMember: { params: ['teamId: string', 'userId: string'], does: 'Adds a member channel; returns false when it already is one.' },
  removeMember: { params: ['teamId: string', 'userId: string'], does: 'Removes a member channel; returns whether it was one.' },
});

/** `mock.games` (routes/games.ts). */
export const gamesAdapted = adaptControls<GamesControl>({
  add: { params: ['game: GameInput'], does: 'Adds a category (as `state.addGame()`), with `viewers` watching it outside the mock\'s own streams (default 0).' },
  setViewers: { params: ['gameId: string', 'viewers: number'], does: 'Sets how many viewers watch a category outside the mock\'s own streams.' },
  viewersOf: { params: ['gameId: string'], does: 'The viewers Get Top Games orders by: the number set plus the viewers of live streams in the category.' },
});

/** `mock.streams` (routes/streams.ts). */
export const streamsAdapted = adaptControls<StreamsControl>({
  start: { params: ['broadcasterId: string', 'options?: StreamStartOptions'], does: 'The broadcaster goes live: `channel.live` and `channel.stream` are set, the stream shows in Get Streams and Get Followed Streams, an archive starts recording (markers and clips go in it) and `stream.online` is raised.' },
  stop: { params: ['broadcasterId: string'], does: 'The broadcaster stops: `channel.live` becomes false, the archive is published (Get Videos lists it) and `stream.offline` is raised.' },
  streamKey: { params: ['broadcasterId: string'], does: 'The channel\'s stream key (what Get Stream Key answers).' },
});

/** `mock.videos` (routes/videos.ts). */
export const videosAdapted = adaptControls<VideosControl>({
  add: { params: ['userId: string', 'video?: VideoInput'], does: 'Adds a published video of `userId` (default: an `upload` titled "Video <id>", created and published now, 60 seconds long, in the channel\'s language and category).' },
  get: { params: ['videoId: string'], does: 'A video by ID, published or still recording; undefined when unknown or deleted.' },
  recording: { params: ['userId: string'], does: 'The archive a live broadcaster\'s stream is recording; undefined when not live.' },
});

/** `mock.clips` (routes/clips.ts). */
export const clipsAdapted = adaptControls<ClipsControl>({
  add: { params: ['broadcasterId: string', 'clip?: ClipInput'], does: 'Adds a clip of `broadcasterId`\'s channel (default: created now by the broadcaster, 30 seconds, in the channel\'s category and language, titled like the channel).' },
  get: { params: ['clipId: string'], does: 'A clip by ID; undefined when unknown.' },
  update: { params: ['clipId: string', 'changes: Partial<Pick<ClipRecord, \'view_count\' | \'is_featured\' | \'title\'>>'], does: 'Changes what viewers and the broadcaster change on the site: views, featuring, the title.' },
});

/** `mock.raids` (routes/raids.ts). */
export const raidsAdapted = adaptControls<RaidsControl>({
  complete: { params: ['broadcasterId: string'], does: 'The raid of `broadcasterId` happens now (Raid Now): `channel.raid` is raised with the raiding stream\'s viewer count.' },
  settle: { params: [], does: 'Completes every raid whose countdown has ended on the mock\'s clock; returns how many.' },
  pending: { params: ['broadcasterId: string'], does: 'The pending raid of a broadcaster (after settling those that are due); undefined when none.' },
});

/** `mock.ads` (routes/ads.ts). */
export const adsAdapted = adaptControls<AdsControl>({
  schedule: { params: ['broadcasterId: string'], does: 'The channel\'s ad schedule now (automatic mid-rolls that are due run first).' },
  update: { params: ['broadcasterId: string', 'changes: { next_ad_at?: number; duration?: number; snooze_count?: number; preroll_free_time?: number }'], does: 'Changes the schedule: when the next automatic mid-roll runs and for how long, the snoozes left, the pre-roll free time left (in seconds).' },
});

/** `mock.extensions` (routes/extensions.ts). */
export const extensionsAdapted = adaptControls<ExtensionsControl>({
  add: { params: ['input: ExtensionInput'], does: 'Registers an extension.' },
  get: { params: ['clientId: string'], does: 'An extension with all its state (versions, secrets, segments, products, messages), or undefined.' },
  addVersion: { params: ['clientId: string', 'input: ExtensionVersionInput'], does: 'Adds or replaces a version (`Released` unless `state` says otherwise).' },
  setState: { params: ['clientId: string', 'version: string', 'state: ExtensionState'], does: 'Moves a version to another review state (`InTest`, `Released`, `Deprecated`...).' },
  jwt: { params: ['clientId: string', 'claims?: ExtensionJwtClaims'], does: 'A JWT as the extension\'s backend service signs it, with its newest secret in service: `role: \'external\'`, `user_id` the owner and `exp` a minute from the mock\'s now, unless `claims` say otherwise (`channel_id`, `pubsub_perms`...).' },
  secrets: { params: ['clientId: string'], does: 'The secrets not yet expired, oldest first (epoch ms).' },
  setConfiguration: { params: ['clientId: string', 'input: ConfigurationSegmentInput'], does: 'Sets a configuration segment as Set Extension Configuration Segment would.' },
  configuration: { params: ['clientId: string', 'segment: ConfigurationSegment', 'broadcasterId?: string'], does: 'A configuration segment, or undefined when it was never set.' },
  requiredConfiguration: { params: ['clientId: string', 'broadcasterId: string'], does: 'What Set Extension Required Configuration left for a channel.' },
  setLive: { params: ['clientId: string', 'broadcasterId: string', 'live?: boolean'], does: 'A broadcaster goes live with the extension installed or active (`live` true, the default), or stops (false): Get Extension Live Channels lists the channel, with the title and category of its `channel.info`, while it is live.' },
  liveChannels: { params: ['clientId: string'], does: 'The broadcasters Get Extension Live Channels lists, in the order they went live.' },
  setBitsProduct: { params: ['clientId: string', 'input: BitsProductInput'], does: 'Adds or replaces a Bits product, as Update Extension Bits Product would.' },
  pubsubMessages: { params: ['clientId: string'], does: 'The PubSub messages the extension sent, oldest first.' },
  chatMessages: { params: ['clientId: string', 'broadcasterId?: string'], does: 'The chat messages the extension sent (to one channel, when given), oldest first.' },
});

/** `mock.analytics` (routes/analytics.ts). */
export const analyticsAdapted = adaptControls<AnalyticsControl>({
  addExtensionReport: { params: ['input: AnalyticsReportInput'], does: 'Makes a report of an extension available to its owner (replacing one for the same extension).' },
  addGameReport: { params: ['input: AnalyticsReportInput'], does: 'Makes a report of a game available to its owner (replacing one for the same game).' },
  removeReport: { params: ['kind: \'extension\' | \'game\'', 'id: string'], does: 'Takes a report away; returns whether there was one.' },
});

/** `mock.entitlements` (routes/entitlements.ts). */
export const entitlementsAdapted = adaptControls<EntitlementsControl>({
  addOrganization: { params: ['input: OrganizationInput'], does: 'Adds an organization with its games, clients and members.' },
  removeMember: { params: ['organizationId: string', 'userId: string'], does: 'Takes a user out of an organization (its clients they own stop working for it: 400).' },
  grant: { params: ['input: GrantInput'], does: 'A Drop is granted: the entitlement is listed by Get Drops Entitlements, and `drop.entitlement.grant` is raised (batched: the event is a list of one).' },
  get: { params: ['id: string'], does: 'An entitlement, or undefined.' },
  failNextUpdate: { params: ['id: string'], does: 'The next Update Drops Entitlements that names this entitlement answers UPDATE_FAILED for it (a transient error), once.' },
});

/** `mock.chat` (routes/chat.ts). */
export const chatAdapted = adaptControls<ChatControl>({
  setGlobalEmotes: { params: ['emotes: ChatEmoteInput[]'], does: 'Replaces the global emotes (a few samples are there from the start).' },
  setChannelEmotes: { params: ['broadcasterId: string', 'emotes: ChatEmoteInput[]'], does: 'Replaces a channel\'s emotes (`GET /chat/emotes`).' },
  setUserEmotes: { params: ['userId: string', 'emotes: ChatEmoteInput[]'], does: 'Replaces the emotes a user owns beyond the global ones (`GET /chat/emotes/user` lists both, plus the follower emotes of the `broadcaster_id` it is asked about).' },
  setGlobalBadges: { params: ['sets: ChatBadgeSetInput[]'], does: 'Replaces the global badge sets (broadcaster, moderator, vip and subscriber are there from the start).' },
  setChannelBadges: { params: ['broadcasterId: string', 'sets: ChatBadgeSetInput[]'], does: 'Replaces a channel\'s badge sets (`GET /chat/badges`; none at the start).' },
  setPremium: { params: ['userId: string', 'premium?: boolean'], does: 'Marks a user as a premium-tier user, who may pick any hex chat color.' },
  join: { params: ['broadcasterId: string', 'userIds: string[]'], does: 'Puts users in a channel\'s chat (`GET /chat/chatters`), in order, each once.' },
  leave: { params: ['broadcasterId: string', 'userIds: string[]'], does: 'Takes users out of a channel\'s chat.' },
  userSays: { params: ['broadcasterId: string', 'userId: string', 'text: string', 'options?: { replyTo?: string }'], does: 'A chatter writes a message, as if from the platform\'s own chat box: the message is stored (so it can be pinned or replied to), the user joins the chatters and `channel.chat.message` is raised.' },
  startSharedSession: { params: ['hostId: string', 'participantIds: string[]'], does: 'Starts a shared chat session hosted by `hostId` with the other `participantIds`; raises `channel.shared_chat.begin` for each channel.' },
  endSharedSession: { params: ['broadcasterId: string'], does: 'Ends the shared chat session a channel is in (if any); raises `channel.shared_chat.end` for each channel.' },
  settingsOf: { params: ['broadcasterId: string'], does: 'A channel\'s chat settings, as stored now.' },
  pinnedMessage: { params: ['broadcasterId: string'], does: 'The message pinned in a channel now, as `GET /chat/pins` returns it, or undefined.' },
});

/** `mock.moderation` (routes/moderation.ts). */
export const moderationAdapted = adaptControls<ModerationControl>({
  holdMessage: { params: ['broadcasterId: string', 'userId: string', 'text: string', 'options?: { category?: string; level?: number }'], does: 'AutoMod holds a chat message of `userId` in `broadcasterId`\'s channel, for a moderator to allow or deny with `POST /moderation/automod/message`.' },
  heldMessage: { params: ['msgId: string'], does: 'A held message by ID, with its status (`pending`, `approved`, `denied`); undefined when unknown.' },
  setAutoModVerdict: {
    params: ['broadcasterId: string', 'match: string (a RegExp in-process)', 'permitted: boolean'],
    does: 'How `POST /moderation/enforcements/status` judges texts in a channel: a text containing `match` (a string, case-insensitive) or matching it (a RegExp) gets `permitted`.',
    // In-process it returns a remover; over HTTP `{ id }`, for moderation.removeAutoModVerdict.
    json: (moderation, broadcasterId, match, permitted) => removersOf(moderation).keep(moderation.setAutoModVerdict(broadcasterId, match, permitted)),
  },
  isPermitted: { params: ['broadcasterId: string', 'text: string'], does: 'The AutoMod verdict for a text as `checkAutoMod` would give it (true: it would reach chat).' },
  createUnbanRequest: { params: ['broadcasterId: string', 'userId: string', 'text: string'], does: 'A banned (or timed-out) user asks to be let back in: a `pending` request is created and `channel.unban_request.create` is raised.' },
  cancelUnbanRequest: { params: ['requestId: string'], does: 'The requester withdraws a pending request: its status becomes `canceled` and `channel.unban_request.resolve` is raised with no moderator.' },
  acknowledgeWarning: { params: ['broadcasterId: string', 'userId: string'], does: 'The user acknowledges their pending warning (they may chat again); raises `channel.warning.acknowledge`.' },
  pendingWarning: { params: ['broadcasterId: string', 'userId: string'], does: 'The user\'s pending warning in a channel; undefined once acknowledged or when none was sent.' },
  suspiciousUser: { params: ['broadcasterId: string', 'userId: string'], does: 'A user\'s suspicious-user record in a channel; undefined when never flagged.' },
  isShieldModeActive: { params: ['broadcasterId: string'], does: 'Whether Shield Mode is on in a channel.' },
  autoModLevels: { params: ['broadcasterId: string'], does: 'A channel\'s AutoMod levels (a copy).' },
  setVipRequirementMet: { params: ['broadcasterId: string', 'met: boolean'], does: 'Whether the broadcaster finished the "Build a Community" step that VIPs need (true by default); while false, `POST /channels/vips` answers 425.' },
});

/** `mock.guestStar` (routes/guest-star.ts). */
export const guestStarAdapted = adaptControls<GuestStarControl>({
  acceptInvite: { params: ['broadcasterId: string', 'guestId: string'], does: 'The guest reacts to their invitation: INVITED → ACCEPTED (they are in the waiting room).' },
  guestReady: { params: ['broadcasterId: string', 'guestId: string', 'devices?: GuestStarDevices'], does: 'The guest is set up and can be seated: INVITED or ACCEPTED → READY, which `assignSlot` needs.' },
  setDevices: { params: ['broadcasterId: string', 'guestId: string', 'devices: GuestStarDevices'], does: 'Changes a guest\'s own camera and microphone: on their invitation while queued, or on their seat once seated (`is_*_enabled` is then the guest\'s side, `is_guest_enabled`).' },
  endSession: { params: ['broadcasterId: string'], does: 'The platform ends the running session by itself (the host left the call interface, for example) and raises `channel.guest_star_session.end`.' },
  session: { params: ['broadcasterId: string'], does: 'The running session of a channel, for assertions; undefined when none runs.' },
  settings: { params: ['broadcasterId: string'], does: 'A channel\'s settings (the defaults until changed), for assertions or to change directly.' },
});

/** `mock.eventsub` (eventsub.ts). */
export const eventsubAdapted = adaptControls<Omit<MockEventSub, 'close'>>({
  trigger: {
    params: ['type: string', 'event?: Record<string, unknown>', 'options?: TriggerOptions'],
    does: 'Raises an event of `type` (`name` or `name@version`) and delivers it to the matching subscriptions; `event` is merged into the sample payload. Returns how many got it.',
  },
  subscriptions: { reads: true, params: ['filter?: { type?: string; status?: string; method?: TransportMethod }'], does: 'Every subscription, oldest first, as the list call shows them; optionally narrowed.' },
  sessions: { params: [], reads: true, does: 'Every WebSocket session, including ended ones.' },
  conduits: { params: [], reads: true, does: 'Every conduit of every client.' },
  redeliver: { params: ['messageId: string'], does: 'Sends a delivered message again, unchanged and with the same message id, over the transport it went by (the same session, or the same callback), as the platform\'s at-least-once delivery may.' },
  revoke: { params: ['subscriptionId: string', 'reason?: string'], does: 'Revokes a subscription as the platform does when a user withdraws consent: its status becomes `reason` and its transport gets one `revocation` message.' },
  dropSession: { params: ['sessionId?: string'], does: 'Cuts a session\'s socket (every session\'s, without an id) with no close frame, as a network failure would; its subscriptions become `websocket_disconnected` and a conduit shard it held is disabled.' },
  closeSession: { params: ['sessionId: string', 'code?: number'], does: 'Closes a session\'s socket with a close code of the platform (4000 by default); its subscriptions take the code\'s status (4000 `websocket_internal_error`, 4005 `websocket_network_timeout`...).' },
  silenceSession: { params: ['sessionId?: string', 'silent?: boolean'], does: 'Makes a session (every session, without an id) go silent: no keepalives, pings or notifications, the socket left open, as on a half-open connection.' },
  reconnectSession: { params: ['sessionId: string'], does: 'Sends `session_reconnect` to a session.' },
  configure: { params: ['options: EventSubOptions'], does: 'Changes timings and limits; new values apply to what starts afterwards (a new socket, the next keepalive...).' },
});

/** `mock.oauth` (oauth.ts). */
export const oauthAdapted = adaptControls<Pick<OAuthServer, 'approveDevice' | 'denyDevice'>>({
  approveDevice: { params: ['userCode: string', 'userId: string'], does: 'A user approves the device code whose user code is `userCode`.' },
  denyDevice: { params: ['userCode: string'], does: 'A user refuses the device code whose user code is `userCode`.' },
});

/** What is not a method in-process: properties to read and set, and the remover `setAutoModVerdict` returns. */
const hypeTrainHttpOnly: Record<string, HttpOnlyRow<HypeTrainControl>> = {
  cooldownMs: { of: 'cooldownMs', params: [], reads: true, does: "The cooldown after a train ends, in ms of the mock's clock.", run: (hypeTrain) => hypeTrain.cooldownMs },
  setCooldownMs: {
    of: 'cooldownMs',
    params: ['ms: number'],
    does: "Sets the cooldown after a train ends, in ms of the mock's clock.",
    run: (hypeTrain, ms: number) => {
      hypeTrain.cooldownMs = ms;
    },
  },
};

const raidsHttpOnly: Record<string, HttpOnlyRow<RaidsControl>> = {
  countdownMs: { of: 'countdownMs', params: [], reads: true, does: "The countdown of raids started from now on, in ms of the mock's clock.", run: (raids) => raids.countdownMs },
  setCountdownMs: {
    of: 'countdownMs',
    params: ['ms: number'],
    does: "Sets the countdown of raids started from now on, in ms of the mock's clock.",
    run: (raids, ms: number) => {
      raids.countdownMs = ms;
    },
  },
};

const moderationHttpOnly: Record<string, HttpOnlyRow<ModerationControl>> = {
  removeAutoModVerdict: {
    of: 'setAutoModVerdict',
    params: ['id: string'],
    does: 'Removes a verdict moderation.setAutoModVerdict added (its `id`).',
    run: (moderation, id: string) => removersOf(moderation).remove(id),
  },
};

const eventsubHttpOnly: Record<string, HttpOnlyRow<MockEventSub>> = {
  deliveries: { of: 'deliveries', params: [], reads: true, does: 'The messages handed to transports, oldest first (the last 1000).', run: (eventsub) => eventsub.deliveries },
  options: { of: 'options', params: [], reads: true, does: 'The EventSub timings and limits in force.', run: (eventsub) => eventsub.options },
};

const oauthHttpOnly: Record<string, HttpOnlyRow<OAuthServer>> = {
  consentUser: { of: 'consentUser', params: [], reads: true, does: 'The user ID who signs in at the consent page; null refuses.', run: (oauth) => oauth.consentUser },
  setConsentUser: {
    of: 'consentUser',
    params: ['userId?: string | null'],
    does: 'Sets who signs in at the consent page (a user ID); null or none refuses (access_denied).',
    run: (oauth, userId: string | null | undefined) => {
      oauth.consentUser = userId ?? undefined;
    },
  },
  signInPage: { of: 'signInPage', params: [], reads: true, does: 'Whether a browser without a consent user gets the sign-in page to click through (and the device flow the activation page).', run: (oauth) => oauth.signInPage },
  setSignInPage: {
    of: 'signInPage',
    params: ['on: boolean'],
    does: 'Turns the clickable sign-in and activation pages on or off (off: no consent user refuses, access_denied).',
    run: (oauth, on: boolean) => {
      oauth.signInPage = on;
    },
  },
};

/** The groups of a mock not converted yet, served from their control objects. */
export function adaptedGroups(mock: MockPlatform): ServedGroup[] {
  return [
    serveGroup('channelPoints', 'channelPoints', channelPointsAdapted, mock.channelPoints),
    serveGroup('goals', 'goals', goalsAdapted, mock.goals),
    serveGroup('hypeTrain', 'hypeTrain', hypeTrainAdapted, mock.hypeTrain, hypeTrainHttpOnly),
    serveGroup('charity', 'charity', charityAdapted, mock.charity),
    serveGroup('bits', 'bits', bitsAdapted, mock.bits),
    serveGroup('subscriptions', 'subscriptions', subscriptionsAdapted, mock.subscriptions),
    serveGroup('users', 'users', usersAdapted, mock.users),
    serveGroup('channels', 'channels', channelsAdapted, mock.channels),
    serveGroup('teams', 'teams', teamsAdapted, mock.teams),
    serveGroup('games', 'games', gamesAdapted, mock.games),
    serveGroup('streams', 'streams', streamsAdapted, mock.streams),
    serveGroup('videos', 'videos', videosAdapted, mock.videos),
    serveGroup('clips', 'clips', clipsAdapted, mock.clips),
    serveGroup('raids', 'raids', raidsAdapted, mock.raids, raidsHttpOnly),
    serveGroup('ads', 'ads', adsAdapted, mock.ads),
    serveGroup('extensions', 'extensions', extensionsAdapted, mock.extensions),
    serveGroup('analytics', 'analytics', analyticsAdapted, mock.analytics),
    serveGroup('entitlements', 'entitlements', entitlementsAdapted, mock.entitlements),
    serveGroup('chat', 'chat', chatAdapted, mock.chat),
    serveGroup('moderation', 'moderation', moderationAdapted, mock.moderation, moderationHttpOnly),
    serveGroup('guestStar', 'guestStar', guestStarAdapted, mock.guestStar),
    serveGroup('eventsub', 'eventsub', eventsubAdapted, mock.eventsub, eventsubHttpOnly),
    serveGroup('oauth', 'oauth', oauthAdapted, mock.oauth, oauthHttpOnly),
  ];
}
