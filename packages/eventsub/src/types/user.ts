import type { UserFields } from './common';

/** `user.authorization.grant`: a user authorized the application. */
export interface UserAuthorizationGrantEvent extends UserFields {
  /** The client ID of the application the user granted access to. */
  client_id: string;
}

/** `user.authorization.revoke`: the application lost a user's authorization. */
export interface UserAuthorizationRevokeEvent {
  /** The client ID of the application whose access was revoked. */
  client_id: string;
  /** The ID of the user who revoked the authorization. */
  user_id: string;
  /** The user's login name; null when the user no longer exists. */
  user_login: string | null;
  /** The user's display name; null when the user no longer exists. */
  user_name: string | null;
}

/** `user.update`: a user changed their account. */
export interface UserUpdateEvent extends UserFields {
  /** Real data only with the user:read:email scope; otherwise empty or absent. */
  email?: string;
  /** Whether the platform has verified the user's email address; ignore it when `email` is empty. */
  email_verified: boolean;
  /** The user's description. */
  description: string;
}

/** `user.whisper.message`: the user received a whisper. */
export interface UserWhisperMessageEvent {
  /** The ID of the user who sent the whisper. */
  from_user_id: string;
  /** The login of the user who sent the whisper. */
  from_user_login: string;
  /** The display name of the user who sent the whisper. */
  from_user_name: string;
  /** The ID of the user who received the whisper. */
  to_user_id: string;
  /** The login of the user who received the whisper. */
  to_user_login: string;
  /** The display name of the user who received the whisper. */
  to_user_name: string;
  /** The whisper ID. */
  whisper_id: string;
  /** The whisper itself. */
  whisper: {
    /** The body of the whisper. */
    text: string;
  };
}
