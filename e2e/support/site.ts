import { test } from '@playwright/test';
import { federationName } from '../../scripts/lib/workspaces.cjs';
import { CONTROL_PORT } from './ports';

/** A remote's folder (mf-chat, …): the remotes are the workspaces holding a remote.json (scripts/lib/workspaces.cjs). */
export type RemoteApp = string;

/** One page of each remote, reached by URL and by a navigation entry (where the remote has one), with its own heading. */
const PAGES: { app: RemoteApp; path: string; heading: RegExp; nav?: string }[] = [
  { app: 'mf-discovery', path: '/', heading: /^Home$/, nav: 'Home' },
  { app: 'mf-chat', path: '/chats', heading: /^Recent Chats$/, nav: 'Chats' },
  { app: 'mf-creator', path: '/my-chatbots', heading: /All Your Chatbots in One Place/, nav: 'My Chatbots' },
  { app: 'mf-billing', path: '/plan-comparison', heading: /^Compare Plans$/, nav: undefined },
  { app: 'mf-account', path: '/terms', heading: /Terms/, nav: undefined },
];
/** The pages with the federation name each remote's remote.json gives it (the `data-remote` of its mounted page). */
export const REMOTE_PAGES = PAGES.map((page) => ({ ...page, federationName: federationName(page.app) }));

async function control(app: RemoteApp, action: 'stop' | 'start') {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/remotes/${app}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${app}: ${response.status}`);
}

export const stopRemote = (app: RemoteApp) => test.step(`stop ${app}`, () => control(app, 'stop'));
export const startRemote = (app: RemoteApp) => test.step(`start ${app}`, () => control(app, 'start'));

/** Sets the fake inference engine's behaviour for the next replies (`{ cutAfterTokens: 3 }`); none: the defaults (echo off). */
export async function setEngine(behaviour: Partial<Record<'cutAfterTokens' | 'failWithStatus' | 'tokenIntervalMs' | 'firstTokenDelayMs' | 'echo', number>> = {}) {
  const query = new URLSearchParams(Object.entries({ echo: 0, ...behaviour }).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/engine?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not set the engine: ${response.status}`);
}

/** The engine replies with the prompt it received (`role: content` lines), quickly, so a spec can read the prompt; setEngine() ends it. */
export const setEngineEcho = () => setEngine({ echo: 1, firstTokenDelayMs: 0, tokenIntervalMs: 0 });
