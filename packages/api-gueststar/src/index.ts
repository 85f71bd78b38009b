export { settings, settingsOperation, type SettingsParams } from './operations/settings';
export { updateSettings, updateSettingsOperation, type UpdateSettingsParams } from './operations/update-settings';
export { session, sessionOperation, type SessionParams } from './operations/session';
export { createSession, createSessionOperation, type CreateSessionParams } from './operations/create-session';
export { endSession, endSessionOperation, type EndSessionParams } from './operations/end-session';
export { invites, invitesOperation, type InvitesParams } from './operations/invites';
export { invite, inviteOperation, type InviteParams } from './operations/invite';
export { deleteInvite, deleteInviteOperation, type DeleteInviteParams } from './operations/delete-invite';
export { assignSlot, assignSlotOperation, type AssignSlotParams } from './operations/assign-slot';
export { updateSlot, updateSlotOperation, type UpdateSlotParams } from './operations/update-slot';
export { deleteSlot, deleteSlotOperation, type DeleteSlotParams } from './operations/delete-slot';
export { updateSlotSettings, updateSlotSettingsOperation, type UpdateSlotSettingsParams } from './operations/update-slot-settings';
export type {
  GuestStarGroupLayout,
  GuestStarGuest,
  GuestStarInvite,
  GuestStarInviteStatus,
  GuestStarMediaSettings,
  GuestStarSession,
  GuestStarSettings,
} from './types';
