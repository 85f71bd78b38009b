export { type RedisConnectionOptions } from './connection';
export { redisTokenStore, type RedisTokenStore, type RedisTokenStoreOptions } from './token-store';
export { redisBuckets, type RedisBuckets, type RedisBucketsOptions } from './buckets';
export { redisDedupe, type RedisDedupe, type RedisDedupeOptions } from './dedupe';
export { redisShardLeases, type RedisShardLeases, type RedisShardLeasesOptions } from './shard-leases';
export { redisCooldowns, type RedisCooldowns, type RedisCooldownsOptions } from './cooldowns';
