import { useState } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { Button, selectIsSignedIn, signInRequested, useAppDispatch, useAppSelector, useLocation } from '@fable/shared';
import { useCharacters_favoriteMutation } from '@fable/shared/characters';
import { ErrorModal } from './ErrorModal';
import { favoriteErrorMessage } from '../apiErrors';
import { HeartIcon } from './icons';
import { PROFILE_TEXTS } from './profileTexts';

/**
 * Favourite (like) toggle for members; a guest is asked to sign in (document 1 §6). The new state shows at once; on
 * failure it is undone and the error modal explains (document 1 §4, §8).
 */
export function FavoriteButton({ profile }: { profile: CharacterProfile }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [setFavorite, { isLoading }] = useCharacters_favoriteMutation();
  const [error, setError] = useState<string | null>(null);
  const favorite = signedIn && profile.viewer.is_favorite;

  const toggle = async () => {
    if (!signedIn) {
      dispatch(signInRequested({ returnTo: pathname }));
      return;
    }
    const result = await setFavorite({ characterId: profile.id, favorite: !favorite });
    if (result.error) setError(favoriteErrorMessage(result.error));
  };

  return (
    <>
      <Button variant={favorite ? 'primary' : 'secondary'} aria-pressed={favorite} disabled={isLoading} onClick={() => void toggle()}>
        <HeartIcon filled={favorite} />
        {PROFILE_TEXTS.favorite}
      </Button>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </>
  );
}
