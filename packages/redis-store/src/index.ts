export { type RedisConnectionOptions } from './connection';
export { redisBuckets, type RedisBuckets, type RedisBucketsOptions } from './buckets';
