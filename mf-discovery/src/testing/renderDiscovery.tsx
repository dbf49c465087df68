import type { ReactElement } from 'react';
import type { DeploymentInput, PartnerHiddenFeature, SessionUser as ApiUser, UserSettings } from '@fable/contracts';
import { becameGuest, sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import {
  apiUserFixture,
  deploymentFixture,
  mockApi,
  partnerFixture,
  renderRoute,
  storeWith,
  type FakeHandler,
} from '@fable/shared/testing';

export interface DiscoverySetup {
  /** guest (default), or a member with these settings. */
  member?: Partial<UserSettings> | true;
  memberOverrides?: Partial<ApiUser>;
  flags?: DeploymentInput['flags'];
  /** The partner fixture (it hides the NSFW toggle), or partner mode hiding these features. */
  partner?: boolean | PartnerHiddenFeature[];
  handlers?: Record<string, FakeHandler>;
  url?: string;
  path?: string | string[];
}

/** Renders a discovery page with a fresh store, a guest or a member session, and the fake API. */
export function renderDiscovery(page: ReactElement, setup: DiscoverySetup = {}) {
  const member = setup.member
    ? apiUserFixture({
        ...setup.memberOverrides,
        settings: { ...apiUserFixture().settings, ...(setup.member === true ? {} : setup.member) },
      })
    : null;
  // The member is the mock API's own: the resources answer as them (their favourites, blocks, conversations).
  const fake = mockApi({ seed: member ? { member } : {}, overrides: setup.handlers });
  const store = storeWith(
    Array.isArray(setup.partner)
      ? deploymentFixture({ kind: 'partner', partner: { enabled: true, hiddenFeatures: setup.partner }, flags: setup.flags ?? {} })
      : setup.partner
        ? partnerFixture()
        : deploymentFixture({ flags: setup.flags ?? {} }),
  );
  if (member) {
    store.dispatch(tokensReceived(fake.memberTokens));
    store.dispatch(signedIn(sessionFromUser(member)));
  }
  else store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  const result = renderRoute(page, { path: setup.path ?? '/', url: setup.url ?? '/', store });
  return { ...result, fake, member };
}

export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
