import { useEffect } from 'react';
import { selectAuthStatus, sessionFromUser, signedIn, useAppDispatch, useAppSelector } from '@fable/shared';
import { authApi } from './authApi';

/**
 * Keeps the signed-in user fresh while the page is open: refetched when the window regains focus (a tier
 * bought or a username changed in another tab shows at once). The call goes through the shared base query,
 * so an access token that expired meanwhile is refreshed first, unnoticed.
 */
export function useFreshUser(): void {
  const dispatch = useAppDispatch();
  const signedInNow = useAppSelector(selectAuthStatus) === 'authenticated';
  const { data } = authApi.useHost_getMeQuery(undefined, { skip: !signedInNow, refetchOnFocus: true });
  useEffect(() => {
    if (data && signedInNow) dispatch(signedIn(sessionFromUser(data)));
  }, [data, signedInNow, dispatch]);
}
