import type { ReactElement } from 'react';
import type { Deployment, SessionUser as ApiUser } from '@fable/contracts';
import { becameGuest, sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { setMockSale, type MockSale } from '@fable/mocks';
import { apiUserFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';

export interface BillingSetup {
  /** A guest instead of the member (Ada, u1). */
  guest?: boolean;
  member?: Partial<ApiUser>;
  /** A sale running now in the mock API's promotions. */
  sale?: MockSale;
  handlers?: Record<string, FakeHandler>;
  deployment?: Deployment;
  url?: string;
  path?: string | string[];
}

/** Renders a billing page on the mock API (its billing catalog), signed in as its member unless a guest. */
export function renderBilling(ui: ReactElement, setup: BillingSetup = {}) {
  const member = setup.guest ? null : apiUserFixture(setup.member);
  const fake = mockApi({ seed: member ? { member } : {}, overrides: setup.handlers });
  if (setup.sale) setMockSale(fake.db, setup.sale);
  const store = storeWith(setup.deployment ?? deploymentFixture());
  if (member) {
    store.dispatch(tokensReceived(fake.memberTokens));
    store.dispatch(signedIn(sessionFromUser(member)));
  } else store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  const result = renderRoute(ui, { path: setup.path ?? '/', url: setup.url ?? '/', store });
  return { ...result, fake, store };
}

export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
