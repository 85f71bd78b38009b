/**
 * The signed webhook samples of the shared fixtures (`fixtures/eventsub/webhook/*.json`), copied here
 * because the shared folder is not part of the repository. Each holds the secret it was signed
 * with, the headers as the platform sends them and the exact body. Timestamps are 2026-03-14.
 */

export interface SignedSample {
  secret: string;
  headers: Record<string, string>;
  body: string;
}

/** `stream.online` v1 notification for broadcaster 41520837, subscription 9fecf3b3-…. */
export const notification: SignedSample = {
  secret: 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8',
  headers: {
    'Content-Type': 'application/json',
    'Twitch-Eventsub-Message-Id': '9ddfac06-bc9a-491a-a9b5-c9ac4a35a138',
    'Twitch-Eventsub-Message-Retry': '0',
    'Twitch-Eventsub-Message-Type': 'notification',
    'Twitch-Eventsub-Message-Signature': 'sha256=e3b5b127551fbed76b4755a5de8d7b6968a47061cd2852f5c498359e0b8f312d',
    'Twitch-Eventsub-Message-Timestamp': '2026-03-14T18:25:02.212015131Z',
    'Twitch-Eventsub-Subscription-Type': 'stream.online',
    'Twitch-Eventsub-Subscription-Version': '1',
  },
  body: '{"subscription":{"id":"9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0","status":"enabled","type":"stream.online","version":"1","cost":1,"condition":{"broadcaster_user_id":"41520837"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T17:00:00.490019367Z"},"event":{"id":"40898421049","broadcaster_user_id":"41520837","broadcaster_user_login":"pixelforge","broadcaster_user_name":"PixelForge","type":"live","started_at":"2026-03-14T18:25:00.424597987Z"}}',
};

/** The notification with its body edited after signing (`type: 'rerun'`): the signature no longer matches. */
export const tampered: SignedSample = {
  secret: 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8',
  headers: {
    'Content-Type': 'application/json',
    'Twitch-Eventsub-Message-Id': '9ddfac06-bc9a-491a-a9b5-c9ac4a35a138',
    'Twitch-Eventsub-Message-Retry': '0',
    'Twitch-Eventsub-Message-Type': 'notification',
    'Twitch-Eventsub-Message-Signature': 'sha256=e3b5b127551fbed76b4755a5de8d7b6968a47061cd2852f5c498359e0b8f312d',
    'Twitch-Eventsub-Message-Timestamp': '2026-03-14T18:25:02.212015131Z',
    'Twitch-Eventsub-Subscription-Type': 'stream.online',
    'Twitch-Eventsub-Subscription-Version': '1',
  },
  body: '{"subscription":{"id":"9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0","status":"enabled","type":"stream.online","version":"1","cost":1,"condition":{"broadcaster_user_id":"41520837"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T17:00:00.490019367Z"},"event":{"id":"40898421049","broadcaster_user_id":"41520837","broadcaster_user_login":"pixelforge","broadcaster_user_name":"PixelForge","type":"rerun","started_at":"2026-03-14T18:25:00.424597987Z"}}',
};

/** The verification challenge of a `channel.follow` v2 subscription (895082a3-…). */
export const verification: SignedSample = {
  secret: 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8',
  headers: {
    'Content-Type': 'application/json',
    'Twitch-Eventsub-Message-Id': '6ba0b89e-2ee1-4dc3-b02f-9d376c0443f8',
    'Twitch-Eventsub-Message-Retry': '0',
    'Twitch-Eventsub-Message-Type': 'webhook_callback_verification',
    'Twitch-Eventsub-Message-Signature': 'sha256=144ec53cdcde9b5d3184ce27c7a791ea86d05374bab734933f45174dc6aa77cc',
    'Twitch-Eventsub-Message-Timestamp': '2026-03-14T18:26:41.866768901Z',
    'Twitch-Eventsub-Subscription-Type': 'channel.follow',
    'Twitch-Eventsub-Subscription-Version': '2',
  },
  body: '{"challenge":"ch4ll3nge-acaece00-a444-b5bcf9ef7d69","subscription":{"id":"895082a3-50a1-4b66-b42b-212c40bdf433","status":"webhook_callback_verification_pending","type":"channel.follow","version":"2","cost":0,"condition":{"broadcaster_user_id":"41520837","moderator_user_id":"58213390"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T18:26:40.442409188Z"}}',
};

/** The revocation (`authorization_revoked`) of the `stream.online` subscription of `notification`. */
export const revocation: SignedSample = {
  secret: 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8',
  headers: {
    'Content-Type': 'application/json',
    'Twitch-Eventsub-Message-Id': '62e05b07-a8f5-4bf1-8124-85aa546db371',
    'Twitch-Eventsub-Message-Retry': '0',
    'Twitch-Eventsub-Message-Type': 'revocation',
    'Twitch-Eventsub-Message-Signature': 'sha256=ef4b84cb8f22d1d27e5c813a330f44ed89c10e6800d2a97556c325fc0ea28fcc',
    'Twitch-Eventsub-Message-Timestamp': '2026-03-14T18:28:20.483202082Z',
    'Twitch-Eventsub-Subscription-Type': 'stream.online',
    'Twitch-Eventsub-Subscription-Version': '1',
  },
  body: '{"subscription":{"id":"9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0","status":"authorization_revoked","type":"stream.online","version":"1","cost":1,"condition":{"broadcaster_user_id":"41520837"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T17:00:00.490019367Z"}}',
};

/** The verification challenge of shard 7 of conduit a5b94422-…. */
export const shardVerification: SignedSample = {
  secret: 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8',
  headers: {
    'Content-Type': 'application/json',
    'Twitch-Eventsub-Message-Id': 'f7b2b8b4-9532-4e8b-bfec-2a626493e0a5',
    'Twitch-Eventsub-Message-Retry': '0',
    'Twitch-Eventsub-Message-Type': 'webhook_callback_verification',
    'Twitch-Eventsub-Message-Signature': 'sha256=e3b83c3bbd1e301a211b8aa03a2b86c9f6d28c93873d0177844454b61edeca25',
    'Twitch-Eventsub-Message-Timestamp': '2026-03-14T18:29:10.702270484Z',
  },
  body: '{"challenge":"ch4ll3nge-233f173c-78f5-fdb118b83a5e","conduit_shard":{"conduit_id":"a5b94422-8b76-4c63-a4b0-4281a7256a84","shard":"7"}}',
};
