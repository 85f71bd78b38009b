// The public surface of @platform/api-streams.
export {};
