export { type RedisConnectionOptions } from './connection';
