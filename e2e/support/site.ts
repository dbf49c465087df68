import { test } from '@playwright/test';
import { CONTROL_PORT } from './ports';

export type RemoteApp = 'mf-chat' | 'mf-discovery' | 'mf-creator' | 'mf-billing' | 'mf-account';

/** One page of each remote, reached by URL and by a navigation entry (where the remote has one), with its own heading. */
export const REMOTE_PAGES: { app: RemoteApp; federationName: string; path: string; heading: RegExp; nav?: string }[] = [
  { app: 'mf-discovery', federationName: 'mf_discovery', path: '/', heading: /^Home$/, nav: 'Home' },
  { app: 'mf-chat', federationName: 'mf_chat', path: '/chats', heading: /^Recent Chats$/, nav: 'Chats' },
  { app: 'mf-creator', federationName: 'mf_creator', path: '/my-chatbots', heading: /All Your Chatbots in One Place/, nav: 'My Chatbots' },
  { app: 'mf-billing', federationName: 'mf_billing', path: '/plan-comparison', heading: /^Compare Plans$/, nav: undefined },
  { app: 'mf-account', federationName: 'mf_account', path: '/terms', heading: /Terms/, nav: undefined },
];

async function control(app: RemoteApp, action: 'stop' | 'start') {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/remotes/${app}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${app}: ${response.status}`);
}

export const stopRemote = (app: RemoteApp) => test.step(`stop ${app}`, () => control(app, 'stop'));
export const startRemote = (app: RemoteApp) => test.step(`start ${app}`, () => control(app, 'start'));

/** Sets the fake inference engine's behaviour for the next replies (`{ cutAfterTokens: 3 }`); none: the defaults. */
export async function setEngine(behaviour: Partial<Record<'cutAfterTokens' | 'failWithStatus' | 'tokenIntervalMs' | 'firstTokenDelayMs', number>> = {}) {
  const query = new URLSearchParams(Object.entries(behaviour).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/engine?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not set the engine: ${response.status}`);
}
