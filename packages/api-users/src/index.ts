// The public surface of @platform/api-users.
export {};
