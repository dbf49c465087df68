import type { CharacterProfile, Permission } from '@fable/contracts';
import type { ReactElement } from 'react';
import { sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { apiUserFixture, characterProfileFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';

/** One of the member's (u1, ada) chatbots, as the mock API keeps it. */
export const ownChatbot = (overrides: Partial<CharacterProfile> & { id: string; name: string }): CharacterProfile =>
  characterProfileFixture({
    title: `${overrides.name}'s title`,
    creator_user_id: 'u1',
    creator_username: 'ada',
    moderationReport: null,
    viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false },
    ...overrides,
  });

export interface MemberSetup {
  /** The member's chatbots (default: none). */
  characters?: CharacterProfile[];
  /** The member's permissions (default: the free tier's, delete_character among them). */
  permissions?: Permission[];
  overrides?: Record<string, FakeHandler>;
  path: string | string[];
  url: string;
}

/** Renders a creator page for the mock API's member (u1), signed in, with the main deployment and the mock API. */
export function renderAsMember(page: ReactElement, setup: MemberSetup) {
  const member = apiUserFixture(setup.permissions ? { permissions: setup.permissions } : {});
  const fake = mockApi({ seed: { member, characters: setup.characters ?? [] }, overrides: setup.overrides });
  const store = storeWith(deploymentFixture());
  store.dispatch(tokensReceived(fake.memberTokens));
  store.dispatch(signedIn(sessionFromUser(member)));
  return { ...renderRoute(page, { path: setup.path, url: setup.url, store }), fake, member };
}

export const currentLocation = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
