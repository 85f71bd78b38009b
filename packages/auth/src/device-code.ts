import { PlatformApiError, PlatformAuthError } from '@platform/core';
import type { ClientCore } from '@platform/core/internal';
import type { DeviceCodeFlow } from './auth-api';
import { pollDeviceFlow, startDeviceFlow, type Grant } from './oauth';
import type { UserRegistry } from './user-registry';

/**
 * The shortest wait between two polls of the device code flow, in seconds: RFC 8628's default
 * (section 3.2). A server that says less (or 0) would otherwise get polls back to back.
 */
const minimumPollIntervalSeconds = 5;

/**
 * Starts the device code flow (`client.auth.deviceCode()`): the code to show, and `wait()`, which
 * polls until the user approves (then registers the user) or the code expires.
 */
export async function deviceCodeFlow(core: ClientCore, users: UserRegistry, options: { scopes?: readonly string[] } = {}): Promise<DeviceCodeFlow> {
  const scopes = options.scopes ?? [];
  const started = await startDeviceFlow(core, scopes);
  const expiresAt = core.clock.now() + started.expiresIn * 1000;
  const expired = () => new PlatformAuthError('The device code expired before the user approved the request.');
  return {
    userCode: started.userCode,
    verificationUri: started.verificationUri,
    expiresAt,
    wait: async ({ signal } = {}) => {
      let interval = Math.max(started.interval, minimumPollIntervalSeconds) * 1000;
      for (;;) {
        if (core.clock.now() + interval >= expiresAt) {
          await core.clock.sleep(Math.max(0, expiresAt - core.clock.now()), signal);
          throw expired();
        }
        await core.clock.sleep(interval, signal);
        let outcome: Grant | 'pending' | 'slow_down';
        try {
          outcome = await pollDeviceFlow(core, started.deviceCode, scopes);
        } catch (error) {
          if (error instanceof PlatformApiError && core.clock.now() >= expiresAt) throw expired();
          throw error;
        }
        if (outcome === 'pending') continue;
        if (outcome === 'slow_down') {
          interval += 5000;
          continue;
        }
        return users.registerGrant(outcome);
      }
    },
  };
}
