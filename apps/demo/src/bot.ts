import type { Platform } from '@platform/client';
import { WebSocket } from 'ws';

/** What the bot does with its channel's chat. */
export interface BotOptions {
  /** The channel the bot serves. */
  broadcasterId: string;
  /** The bot's own user: it reads chat as this user and moderates as this user. */
  botId: string;
  say: (step: string, text: string) => void;
  /** Also deny held AutoMod messages (needs moderator:manage:automod). */
  moderate: boolean;
}

/**
 * Listens to the channel over the EventSub WebSocket transport: answers `!hello`, denies the
 * messages AutoMod holds, and tells when the channel's title or category changes. Returns the
 * listener and a record of what it did.
 */
export async function startBot(client: Platform, options: BotOptions) {
  const { broadcasterId, botId, say } = options;
  const done = { answered: 0, denied: 0, messages: 0, titles: [] as string[] };
  // The ws package gives Node 20 a WebSocket class; Node 22 and browsers have one built in.
  const listener = client.as(botId).eventsub.websocket({
    webSocket: WebSocket,
    onError: (error) => say('error', String(error)),
    onConnect: ({ sessionId }) => say('', `EventSub WebSocket session ${sessionId.slice(0, 8)}… welcomed`),
    onDisconnect: ({ reason }) => say('', `EventSub WebSocket dropped (${reason}); reconnecting`),
  });
  const chat = listener.on('channel.chat.message', { broadcaster_user_id: broadcasterId, user_id: botId }, async (event) => {
    done.messages++;
    if (event.message.text.trim() !== '!hello') return;
    const reply = await client.chat.send({ broadcaster_id: broadcasterId, sender_id: botId, message: `Hi @${event.chatter_user_login}, welcome to the stream!`, reply_parent_message_id: event.message_id });
    done.answered++;
    say('', `${event.chatter_user_login} said !hello; answered with message …${reply.message_id.slice(-6)} (is_sent: ${reply.is_sent})`);
  });
  // channel.update needs no scope: anyone may hear a channel's title and category change.
  const update = listener.on('channel.update', { broadcaster_user_id: broadcasterId }, (event) => {
    done.titles.push(event.title);
    say('', `channel.update: the title is now ${JSON.stringify(event.title)}${event.category_name ? ` (${event.category_name})` : ''}`);
  });
  const handles = [chat, update];
  if (options.moderate) {
    handles.push(
      listener.on('automod.message.hold', { broadcaster_user_id: broadcasterId, moderator_user_id: botId }, async (event) => {
        await client.moderation.manageAutoModMessage({ user_id: botId, msg_id: event.message_id, action: 'DENY' });
        done.denied++;
        say('', `AutoMod held ${JSON.stringify(event.message.text)} from ${event.user_login} (${event.reason}); denied`);
      }),
    );
  }
  await Promise.all(handles.map((handle) => handle.ready));
  return { listener, done };
}

/** What the channel desk does with the streamer's polls, predictions and Channel Points. */
export interface DeskOptions {
  /** The channel; the desk listens with the broadcaster's token, which these events need. */
  broadcasterId: string;
  say: (step: string, text: string) => void;
  /** End a poll early once this many viewers voted, and lock a prediction once this many bet. */
  quorum: number;
}

/**
 * The bot's desk for the streamer's engagement features, over a second EventSub WebSocket listener
 * acting as the broadcaster (poll, prediction and redemption events are authorized by the
 * broadcaster's own scopes): it ends a poll once enough viewers voted and names the winner when the
 * poll ends, locks a prediction once enough viewers bet and tells who won what when it ends, and
 * fulfils a Channel Points redemption of a reward this app created as soon as it arrives.
 */
export async function startDesk(client: Platform, options: DeskOptions) {
  const { broadcasterId, say, quorum } = options;
  const streamer = client.as(broadcasterId);
  const condition = { broadcaster_user_id: broadcasterId };
  const done = { pollWinner: undefined as string | undefined, predictionLocked: false, predictionWinners: undefined as string | undefined, fulfilled: [] as string[] };
  const listener = streamer.eventsub.websocket({ webSocket: WebSocket, onError: (error) => say('error', String(error)) });
  let endingPoll = false;
  let locking = false;
  const handles = [
    listener.on('channel.poll.begin', condition, (event) => {
      say('', `channel.poll.begin: "${event.title}" (${event.choices.map((choice) => choice.title).join(' / ')}), until ${event.ends_at.slice(11, 19)} UTC`);
    }),
    listener.on('channel.poll.progress', condition, async (event) => {
      const voters = event.choices.reduce((sum, choice) => sum + choice.votes - choice.channel_points_votes, 0);
      say('', `channel.poll.progress: ${event.choices.map((choice) => `${choice.title} ${choice.votes}`).join(', ')}`);
      if (voters < quorum || endingPoll) return;
      endingPoll = true;
      say('', `${voters} viewers voted: the bot ends the poll (endPoll TERMINATED)`);
      await streamer.polls.endPoll({ id: event.id, status: 'TERMINATED' });
    }),
    listener.on('channel.poll.end', condition, (event) => {
      const [top] = [...event.choices].sort((a, b) => b.votes - a.votes);
      done.pollWinner = top?.title;
      say('', `channel.poll.end (${event.status}): the winner is ${top?.title} with ${top?.votes} votes`);
    }),
    listener.on('channel.prediction.begin', condition, (event) => {
      say('', `channel.prediction.begin: "${event.title}" (${event.outcomes.map((outcome) => outcome.title).join(' / ')}), bets until ${event.locks_at.slice(11, 19)} UTC`);
    }),
    listener.on('channel.prediction.progress', condition, async (event) => {
      const bettors = event.outcomes.reduce((sum, outcome) => sum + outcome.users, 0);
      say('', `channel.prediction.progress: ${event.outcomes.map((outcome) => `${outcome.title} ${outcome.channel_points} points`).join(', ')}`);
      if (bettors < quorum || locking) return;
      locking = true;
      say('', `${bettors} viewers bet: the bot locks the prediction (endPrediction LOCKED)`);
      await streamer.predictions.endPrediction({ id: event.id, status: 'LOCKED' });
    }),
    listener.on('channel.prediction.lock', condition, (event) => {
      done.predictionLocked = true;
      say('', `channel.prediction.lock: bets closed at ${event.locked_at.slice(11, 19)} UTC with ${event.outcomes.reduce((sum, outcome) => sum + outcome.channel_points, 0)} points staked`);
    }),
    listener.on('channel.prediction.end', condition, (event) => {
      const winner = event.outcomes.find((outcome) => outcome.id === event.winning_outcome_id);
      done.predictionWinners = (winner?.top_predictors ?? []).map((predictor) => `${predictor.user_login} +${predictor.channel_points_won ?? 0}`).join(', ');
      say('', `channel.prediction.end (${event.status}): "${winner?.title}" wins; ${done.predictionWinners || 'nobody bet on it'}`);
    }),
    listener.on('channel.channel_points_custom_reward_redemption.add', condition, async (event) => {
      // Only the app that created a reward may settle its redemptions: leave other apps' to them.
      const [ours] = await streamer.channelPoints.customRewards({ id: event.reward.id, only_manageable_rewards: true });
      if (!ours) {
        say('', `${event.user_login} redeemed "${event.reward.title}", a reward of another app: left to it`);
        return;
      }
      say('', `${event.user_login} redeemed "${event.reward.title}" (${event.reward.cost} points): the bot fulfils it`);
      await streamer.channelPoints.updateRedemptionStatus({ reward_id: event.reward.id, id: event.id, status: 'FULFILLED' });
    }),
    listener.on('channel.channel_points_custom_reward_redemption.update', condition, (event) => {
      done.fulfilled.push(event.id);
      say('', `channel.channel_points_custom_reward_redemption.update: ${event.user_login}'s "${event.reward.title}" is ${event.status}`);
    }),
  ];
  await Promise.all(handles.map((handle) => handle.ready));
  return { listener, done };
}
