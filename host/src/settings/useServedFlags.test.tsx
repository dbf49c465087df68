import { waitFor } from '@testing-library/react';
import { selectFlag, signedIn } from '@fable/shared';
import { deploymentFixture, mockApi, storeWith } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { featureFlagsOf, useServedFlags } from './useServedFlags';

let fake: ReturnType<typeof mockApi>;
afterEach(() => fake?.restore());

function Served() {
  useServedFlags();
  return null;
}

function render(growthFlags: Record<string, unknown>) {
  fake = mockApi({ overrides: { 'GET /app-settings': () => ({ body: { growthFlags } }) } });
  const store = storeWith(deploymentFixture({ flags: { lorebook: true, groupchat: true } }));
  store.dispatch(signedIn({ user: { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: [] }, permissions: [] }));
  renderShell(<Served />, { store });
  return store;
}

it('serves the application’s flags over the deployment’s: on and off alike', async () => {
  const store = render({ groupchat: false, persona_v2: true });
  await waitFor(() => expect(selectFlag(store.getState(), 'persona_v2')).toBe(true));
  expect(selectFlag(store.getState(), 'groupchat')).toBe(false);
  expect(selectFlag(store.getState(), 'lorebook')).toBe(true);
});

it('keeps only known flags with a boolean value', () => {
  expect(featureFlagsOf({ listing_v2: false, create_v2: 'yes', somethingElse: true, onboardingV2: true })).toEqual({ listing_v2: false });
  expect(featureFlagsOf(undefined)).toEqual({});
});
