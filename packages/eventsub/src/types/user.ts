import type { UserFields } from './common';

/** `user.authorization.grant`: a user authorized the application. */
export interface UserAuthorizationGrantEvent extends UserFields {
  client_id: string;
}

/** `user.authorization.revoke`: the application lost a user's authorization. */
export interface UserAuthorizationRevokeEvent {
  client_id: string;
  user_id: string;
  /** Null when the user no longer exists. */
  user_login: string | null;
  user_name: string | null;
}

/** `user.update`: a user changed their account. */
export interface UserUpdateEvent extends UserFields {
  /** Real data only with the user:read:email scope; otherwise empty or absent. */
  email?: string;
  email_verified: boolean;
  description: string;
}

/** `user.whisper.message`: the user received a whisper. */
export interface UserWhisperMessageEvent {
  from_user_id: string;
  from_user_login: string;
  from_user_name: string;
  to_user_id: string;
  to_user_login: string;
  to_user_name: string;
  whisper_id: string;
  whisper: { text: string };
}
