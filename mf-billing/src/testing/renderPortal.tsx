import type { ReactElement } from 'react';
import { sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { setPortalScenario, type PortalScenario } from '@fable/mocks';
import { apiUserFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';

/**
 * Renders a portal or link page on the mock API, signed in as its member (Ada, u1, with tokens the mock API refreshes),
 * the member's subscription put in `scenario` before anything is asked.
 */
export function renderPortal(ui: ReactElement, { scenario, url = '/portal', path = ['/portal', '/manage-subscription'], handlers }: { scenario?: PortalScenario; url?: string; path?: string | string[]; handlers?: Record<string, FakeHandler> } = {}) {
  const fake = mockApi({ overrides: handlers });
  if (scenario) setPortalScenario(fake.db, scenario);
  const store = storeWith(deploymentFixture());
  store.dispatch(tokensReceived(fake.memberTokens));
  store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
  const result = renderRoute(ui, { path, url, store });
  return { ...result, fake, store };
}

/** The location the page is at (renderRoute's probe). */
export const currentLocation = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
