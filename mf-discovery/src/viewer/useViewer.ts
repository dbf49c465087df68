import type { UserSettings } from '@fable/contracts';
import { useMemo } from 'react';
import { selectAuthStatus, selectUser, useAppSelector, type AuthStatus } from '@fable/shared';
import { useDiscovery_viewerQuery } from '../discoveryApi';

/** Who is looking at the listing, as its rules need it (document 1 §6 Guest / Member / Creator). */
export interface Viewer {
  status: AuthStatus;
  /** The session is still being resolved. */
  loading: boolean;
  /** A signed-in member (partner users whose id is their external id are guests, document 1 §4). */
  signedIn: boolean;
  userId: string | null;
  /** The member's settings (GET /v2/users); null for guests and until they arrive. */
  settings: UserSettings | null;
  /** A member's settings are on their way (the listing waits for them: NSFW mode and chat language depend on them). */
  settingsLoading: boolean;
}

export function useViewer(): Viewer {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const signedIn = status === 'authenticated' && user !== null;
  const { data, isLoading } = useDiscovery_viewerQuery(undefined, { skip: !signedIn });
  const userId = signedIn ? user.id : null;
  const settings = signedIn && data ? data.settings : null;
  const settingsLoading = signedIn && isLoading;
  return useMemo(
    () => ({ status, loading: status === 'loading', signedIn, userId, settings, settingsLoading }),
    [status, signedIn, userId, settings, settingsLoading],
  );
}
