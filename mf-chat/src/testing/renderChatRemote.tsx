import type { ReactElement } from 'react';
import type { CharacterProfile, FeatureFlag, PartnerHiddenFeature, Permission, SessionUser as ApiUser, Tier, UserSettings } from '@fable/contracts';
import { becameGuest, sessionFromUser, signedIn, tokensReceived, selectNotifications, type AppStore } from '@fable/shared';
import { apiUserFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';

export interface ChatRemoteSetup {
  /** A guest (default), or a member with these settings. */
  member?: Partial<UserSettings> | true;
  /** The member's permissions (default: the free tier's). */
  permissions?: Permission[];
  handlers?: Record<string, FakeHandler>;
  /** Characters the mock API holds besides its seed (a group chat, …). */
  characters?: CharacterProfile[];
  /** The member's tier (default the fixture's). */
  tier?: Tier;
  /** The deployment's feature flags (default the fixture's). */
  flags?: Partial<Record<FeatureFlag, boolean>>;
  /** Partner mode, hiding these features. */
  partner?: PartnerHiddenFeature[];
  url?: string;
  path?: string | string[];
}

/** Renders a page or modal of this remote with a fresh store, a guest or member session, and the fake API. */
export function renderChatRemote(ui: ReactElement, setup: ChatRemoteSetup = {}) {
  window.localStorage.clear();
  const member = setup.member
    ? apiUserFixture({
        ...(setup.permissions ? { permissions: setup.permissions } : {}),
        ...(setup.tier ? { tier: setup.tier } : {}),
        settings: { ...apiUserFixture().settings, ...(setup.member === true ? {} : setup.member) },
      } as Partial<ApiUser>)
    : null;
  // The member is the mock API's own: the resources answer as them (their favourites, conversations, personas).
  const fake = mockApi({ seed: member ? { member } : {}, overrides: setup.handlers });
  for (const character of setup.characters ?? []) fake.db.characters.set(character.id, character);
  const store = storeWith(
    deploymentFixture({
      ...(setup.flags ? { flags: setup.flags } : {}),
      ...(setup.partner ? { kind: 'partner', partner: { enabled: true, hiddenFeatures: setup.partner } } : {}),
    }),
  );
  if (member) {
    const session = sessionFromUser(member);
    store.dispatch(tokensReceived(fake.memberTokens));
    store.dispatch(signedIn({ ...session, permissions: setup.permissions ?? session.permissions }));
  } else store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  const result = renderRoute(ui, { path: setup.path ?? '/', url: setup.url ?? '/', store });
  afterTestRestore(fake.restore);
  return { ...result, fake, member };
}

const restores: (() => void)[] = [];
function afterTestRestore(restore: () => void) {
  restores.push(restore);
}
afterEach(() => {
  while (restores.length) restores.pop()?.();
});

export const location = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

/** The messages of the notifications shown so far, with their type. */
export function toasts(store: AppStore): { type: string; message: string }[] {
  return selectNotifications(store.getState()).map((n) => ({ type: String(n.type), message: String(n.message) }));
}
