import type { ReactElement } from 'react';
import type { CharacterProfile, FeatureFlag, Permission, SessionUser as ApiUser } from '@fable/contracts';
import { becameGuest, selectNotifications, sessionFromUser, signedIn, tokensReceived, type AppStore } from '@fable/shared';
import { apiUserFixture, characterProfileFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler, type MockApiSetup } from '@fable/shared/testing';

export interface CreatorSetup {
  /** A member (default) or a guest. */
  guest?: boolean;
  member?: Partial<ApiUser>;
  permissions?: Permission[];
  seed?: MockApiSetup['seed'];
  handlers?: Record<string, FakeHandler>;
  url?: string;
  path?: string | string[];
  /** Flags over the main deployment's (e.g. a variant's flag off). */
  flags?: Partial<Record<FeatureFlag, boolean>>;
}

/** Renders a page of this remote on the mock API, signed in as its member (Ada, u1, who owns bot3) unless a guest. */
export function renderCreator(ui: ReactElement, setup: CreatorSetup = {}) {
  const member = setup.guest ? null : apiUserFixture({ ...setup.member, ...(setup.permissions ? { permissions: setup.permissions } : {}) });
  const fake = mockApi({ seed: { ...setup.seed, ...(member ? { member } : {}) }, overrides: setup.handlers });
  const main = deploymentFixture();
  const store = storeWith(setup.flags ? deploymentFixture({ flags: { ...main.flags, ...setup.flags } }) : main);
  if (member) {
    store.dispatch(tokensReceived(fake.memberTokens));
    const session = sessionFromUser(member);
    store.dispatch(signedIn({ ...session, permissions: setup.permissions ?? session.permissions }));
  } else store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  const result = renderRoute(ui, { path: setup.path ?? '/', url: setup.url ?? '/', store });
  return { ...result, fake, store };
}

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

export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

/** The messages of the notifications shown so far, with their type. */
export function toasts(store: AppStore): { type: string; message: string }[] {
  return selectNotifications(store.getState()).map((n) => ({ type: String(n.type), message: String(n.message) }));
}
