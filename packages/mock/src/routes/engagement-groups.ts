// The routes of the reference groups that `@platform/api-engagement` calls: channel points, polls,
// predictions, goals, hype train, charity, bits and subscriptions, with their controls on
// `MockPlatform`. Each group is `<group>Routes` + `<Group>State` + `<group>Controls` (see
// controls.ts); the bits and subscriptions states move the goals and hype train states they are given.
import { bindControls, serveGroup, type ServedGroup } from '../controls';
import type { Router } from '../http';
import { registerRoutes, type HelixContext } from '../helix';
import { bitsControls, bitsRoutes, BitsState, type BitsControl } from './bits';
import { channelPointsControls, channelPointsRoutes, ChannelPointsState, type ChannelPointsControl } from './channel-points';
import { charityControls, charityRoutes, CharityState, type CharityControl } from './charity';
import { goalsControls, goalsRoutes, GoalsState, type GoalsControl } from './goals';
import { bindHypeTrainControls, hypeTrainControls, hypeTrainHttpOnly, hypeTrainRoutes, HypeTrainState, type HypeTrainControl } from './hype-train';
import { pollsControls, pollsRoutes, PollsState, type PollsControl } from './polls';
import { predictionsControls, predictionsRoutes, PredictionsState, type PredictionsControl } from './predictions';
import { subscriptionsControls, subscriptionsRoutes, SubscriptionsState, type SubscriptionsControl } from './subscriptions';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export interface EngagementGroupsControls {
  /** Channel points: `redeem(broadcasterId, rewardId, userId, { user_input })`, `reward(id)`, `redemption(id)`. */
  readonly channelPoints: ChannelPointsControl;
  /** Polls: `vote(broadcasterId, { user_id, choice_id, channel_points_votes })`, `active()`, `get()`, `settle()`. */
  readonly polls: PollsControl;
  /** Predictions: `bet(broadcasterId, { user_id, outcome_id, channel_points })`, `running()`, `get()`, `settle()`. */
  readonly predictions: PredictionsControl;
  /** Creator goals: `begin(broadcasterId, { type, target_amount })`, `progress(goalId, amount)`, `end(goalId)`. */
  readonly goals: GoalsControl;
  /** Hype trains: `start(broadcasterId, { contributions })`, `contribute()`, `end()`, `current()`, `cooldownMs`, `settle()`. */
  readonly hypeTrain: HypeTrainControl;
  /** Charity campaigns: `start(broadcasterId, { charity_name })`, `donate(broadcasterId, userId, value)`, `setTarget()`, `stop()`. */
  readonly charity: CharityControl;
  /** Bits: `cheer(broadcasterId, { user_id, bits })`, `addExtensionTransaction({ ... })`, `addCheermote()`, `addCustomPowerUp()`, `redeemCustomPowerUp()`. */
  readonly bits: BitsControl;
  /** Subscriptions: `subscribe(broadcasterId, userId)`, `gift()`, `resubscribe()`, `end()`, `grantExtension()`. */
  readonly subscriptions: SubscriptionsControl;
}

/** Registers every route of these groups; returns their controls, and the converted groups' tables for `/mock/`. */
export function registerEngagementGroups(router: Router, context: HelixContext): { controls: EngagementGroupsControls; served: ServedGroup[]; subscriptions: SubscriptionsState } {
  // Made first: cheers and subscriptions move them.
  const goals = new GoalsState(context);
  const hypeTrain = new HypeTrainState(context);
  const channelPoints = new ChannelPointsState(context);
  registerRoutes(router, context, channelPointsRoutes, channelPoints);
  const polls = new PollsState(context);
  registerRoutes(router, context, pollsRoutes, polls);
  const predictions = new PredictionsState(context);
  registerRoutes(router, context, predictionsRoutes, predictions);
  registerRoutes(router, context, goalsRoutes, goals);
  registerRoutes(router, context, hypeTrainRoutes, hypeTrain);
  const charity = new CharityState(context);
  registerRoutes(router, context, charityRoutes, charity);
  const bits = new BitsState(context, goals, hypeTrain);
  registerRoutes(router, context, bitsRoutes, bits);
  const subscriptions = new SubscriptionsState(context, goals, hypeTrain);
  registerRoutes(router, context, subscriptionsRoutes, subscriptions);
  return {
    // Read by the chat's subscribers-only mode.
    subscriptions,
    controls: {
      channelPoints: bindControls(channelPointsControls, channelPoints),
      polls: bindControls(pollsControls, polls),
      predictions: bindControls(predictionsControls, predictions),
      goals: bindControls(goalsControls, goals),
      hypeTrain: bindHypeTrainControls(hypeTrain),
      charity: bindControls(charityControls, charity),
      bits: bindControls(bitsControls, bits),
      subscriptions: bindControls(subscriptionsControls, subscriptions),
    },
    served: [
      serveGroup('channelPoints', 'channelPoints', channelPointsControls, channelPoints),
      serveGroup('polls', 'polls', pollsControls, polls),
      serveGroup('predictions', 'predictions', predictionsControls, predictions),
      serveGroup('goals', 'goals', goalsControls, goals),
      serveGroup('hypeTrain', 'hypeTrain', hypeTrainControls, hypeTrain, hypeTrainHttpOnly),
      serveGroup('charity', 'charity', charityControls, charity),
      serveGroup('bits', 'bits', bitsControls, bits),
      serveGroup('subscriptions', 'subscriptions', subscriptionsControls, subscriptions),
    ],
  };
}
