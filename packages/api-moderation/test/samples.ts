/**
 * A valid parameter set for every operation of the group, keyed by the spec's operation name.
 * The limit tests break one rule at a time from these.
 */
export const validParams: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  checkAutoMod: { broadcaster_id: '1', data: [{ msg_id: 'a', msg_text: 'hello' }] },
  manageAutoModMessage: { user_id: '7', msg_id: 'm1', action: 'ALLOW' },
  autoModSettings: { broadcaster_id: '1', moderator_id: '7' },
  updateAutoModSettings: { broadcaster_id: '1', moderator_id: '7', overall_level: 2 },
  bans: { broadcaster_id: '1' },
  ban: { broadcaster_id: '1', moderator_id: '7', user_id: '9', duration: 600, reason: 'spam' },
  unban: { broadcaster_id: '1', moderator_id: '7', user_id: '9' },
  unbanRequests: { broadcaster_id: '1', moderator_id: '7', status: 'pending' },
  resolveUnbanRequest: { broadcaster_id: '1', moderator_id: '7', unban_request_id: 'r1', status: 'approved', resolution_text: 'ok' },
  blockedTerms: { broadcaster_id: '1', moderator_id: '7' },
  addBlockedTerm: { broadcaster_id: '1', moderator_id: '7', text: 'badword' },
  removeBlockedTerm: { broadcaster_id: '1', moderator_id: '7', id: 't1' },
  deleteMessages: { broadcaster_id: '1', moderator_id: '7', message_id: 'm1' },
  moderatedChannels: { user_id: '7' },
  moderators: { broadcaster_id: '1' },
  addModerator: { broadcaster_id: '1', user_id: '7' },
  removeModerator: { broadcaster_id: '1', user_id: '7' },
  vips: { broadcaster_id: '1' },
  addVip: { broadcaster_id: '1', user_id: '9' },
  removeVip: { broadcaster_id: '1', user_id: '9' },
  updateShieldMode: { broadcaster_id: '1', moderator_id: '7', is_active: true },
  shieldMode: { broadcaster_id: '1', moderator_id: '7' },
  warn: { broadcaster_id: '1', moderator_id: '7', user_id: '9', reason: 'be nice' },
  addSuspiciousStatus: { broadcaster_id: '1', moderator_id: '7', user_id: '9', status: 'RESTRICTED' },
  removeSuspiciousStatus: { broadcaster_id: '1', moderator_id: '7', user_id: '9' },
};
