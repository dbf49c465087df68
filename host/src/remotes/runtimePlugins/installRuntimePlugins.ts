import { registerPlugins } from '@module-federation/enhanced/runtime';
import { refusalOf } from '../remoteRegistry';
import { fallbackPlugin } from './fallbackPlugin';
import { retryPlugin } from './retryPlugin';

/** Retry and fallback for every loadRemote caller of this page (module-federation/core's router demo does the same). */
export function installRuntimePlugins(): void {
  registerPlugins([retryPlugin({ retries: 2, delayMs: 300 }), fallbackPlugin(refusalOf)]);
}
