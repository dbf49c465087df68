import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  apiErrorMessage,
  copyToClipboard,
  selectHiddenByPartner,
  signInRequested,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNotify,
  useTrackEvent,
} from '@fable/shared';
import type { CardAction } from '@fable/contracts';
import { useCharacters_blockCreatorMutation, useCharacters_favoriteMutation } from '@fable/shared/characters';
import { favoriteErrorMessage } from '../apiErrors';
import { useDiscovery_interactionMutation, useDiscovery_lessLikeThisMutation, type CharacterSummary } from '../discoveryApi';
import {
  characterHidden,
  characterUnhidden,
  creatorBlocked,
  favoriteSet,
  selectBlockedCreatorIds,
  selectFavoriteOverrides,
  selectHiddenCharacterIds,
} from '../discoverySlice';
import { forgetCachedRecommendations } from '../home/useRecommendations';
import { useViewer, type Viewer } from '../viewer/useViewer';
import { CARD_TEXTS } from './cardTexts';

/** The dialogs of the card actions are loaded when one first opens (off the listing's first load). */
const CardDialogs = lazy(() => import('./CardDialogs'));

export type CardDialog = { kind: 'error'; message: string } | { kind: 'block'; character: CharacterSummary };

/** The address of a card: a chatbot profile, or a group chat's for bots with sub-characters. */
export function characterPath(character: Pick<CharacterSummary, 'id' | 'type'>): string {
  return `${character.type === 'group' ? '/groupchat' : '/chatbot'}/${encodeURIComponent(character.id)}`;
}

export interface CardActionsValue {
  viewer: Viewer;
  isLiked: (characterId: string) => boolean;
  isOwn: (character: CharacterSummary) => boolean;
  shareHidden: boolean;
  reportHidden: boolean;
  toggleLike: (character: CharacterSummary) => Promise<void>;
  lessLikeThis: (character: CharacterSummary) => Promise<void>;
  share: (character: CharacterSummary) => Promise<void>;
  askBlock: (character: CharacterSummary) => void;
  /** A click on a card: an analytics event, and for a recommended card a detail view with its recommId. */
  opened: (character: CharacterSummary) => void;
  /** Report chosen (the item is a link to the report page). */
  reported: (character: CharacterSummary) => void;
}

const CardActionsContext = createContext<CardActionsValue | null>(null);

export function useCardActions(): CardActionsValue {
  const value = useContext(CardActionsContext);
  if (!value) throw new Error('useCardActions needs a CardActionsProvider');
  return value;
}

export interface CardActionsProviderProps {
  children: ReactNode;
  /** Whether a card counts as liked when nothing else says so (the favourites list: every card is). */
  likedByDefault?: boolean;
}

/**
 * The actions of the cards of one grid (document 1 §2 "Cards", §4, §6) and their dialogs, rendered once for all the
 * cards: like/unlike (members; guests get the sign-in overlay; a failure reverts the like and opens the error modal,
 * with the favourite-limit text for character_favorite_limit), Less Like This (removes the card, the API records a
 * dislike), Share (copies the link), Block Creator (confirmation; removes that creator's cards). Each action done is
 * one analytics event (document 1 §7 "card actions"); one refused or failed is none.
 */
export function CardActionsProvider({ children, likedByDefault = false }: CardActionsProviderProps) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const location = useLocation();
  const viewer = useViewer();
  const overrides = useAppSelector(selectFavoriteOverrides);
  const shareHidden = useAppSelector((state) => selectHiddenByPartner(state, 'share'));
  const reportHidden = useAppSelector((state) => selectHiddenByPartner(state, 'report'));
  const [setFavorite] = useCharacters_favoriteMutation();
  const [dislike] = useDiscovery_lessLikeThisMutation();
  const [setBlocked] = useCharacters_blockCreatorMutation();
  const [interaction] = useDiscovery_interactionMutation();
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const trackEvent = useTrackEvent();
  const track = useCallback(
    (action: CardAction, character: CharacterSummary) => trackEvent({ event_name: 'card_action', action, character_id: character.id }),
    [trackEvent],
  );

  const likedBots = viewer.settings?.likedBots;
  const isLiked = useCallback(
    (characterId: string) => overrides[characterId] ?? (likedByDefault || (likedBots?.includes(characterId) ?? false)),
    [overrides, likedByDefault, likedBots],
  );

  const openDialog = useCallback((next: CardDialog) => {
    setDialogsLoaded(true);
    setDialog(next);
  }, []);

  const askSignIn = useCallback(
    () => dispatch(signInRequested({ returnTo: location.pathname + location.search })),
    [dispatch, location.pathname, location.search],
  );

  const toggleLike = useCallback(
    async (character: CharacterSummary) => {
      if (!viewer.signedIn) {
        askSignIn();
        return;
      }
      const was = isLiked(character.id);
      dispatch(favoriteSet({ characterId: character.id, liked: !was }));
      try {
        const answer = await setFavorite({ characterId: character.id, favorite: !was }).unwrap();
        dispatch(favoriteSet({ characterId: character.id, liked: answer.is_favorite }));
        track(answer.is_favorite ? 'like' : 'unlike', character);
      } catch (error) {
        // The like is undone (document 1 §4, §8).
        dispatch(favoriteSet({ characterId: character.id, liked: was }));
        openDialog({ kind: 'error', message: favoriteErrorMessage(error) });
      }
    },
    [viewer.signedIn, askSignIn, isLiked, dispatch, setFavorite, openDialog, track],
  );

  const lessLikeThis = useCallback(
    async (character: CharacterSummary) => {
      if (!viewer.signedIn) {
        askSignIn();
        return;
      }
      dispatch(characterHidden(character.id));
      try {
        await dislike(character.id).unwrap();
        forgetCachedRecommendations();
        track('less_like_this', character);
        notify({ message: CARD_TEXTS.lessLikeThisDone, duration: 'short' });
      } catch (error) {
        dispatch(characterUnhidden(character.id));
        notify.error(apiErrorMessage(error));
      }
    },
    [viewer.signedIn, askSignIn, dispatch, dislike, notify, track],
  );

  const share = useCallback(
    async (character: CharacterSummary) => {
      try {
        await copyToClipboard(new URL(characterPath(character), window.location.origin).href);
        track('share', character);
        notify.success(CARD_TEXTS.copied, { duration: 'short' });
      } catch {
        notify.error(CARD_TEXTS.generic);
      }
    },
    [notify, track],
  );

  const askBlock = useCallback(
    (character: CharacterSummary) => {
      if (!viewer.signedIn) {
        askSignIn();
        return;
      }
      openDialog({ kind: 'block', character });
    },
    [viewer.signedIn, askSignIn, openDialog],
  );

  const confirmBlock = useCallback(
    async (character: CharacterSummary) => {
      try {
        await setBlocked({ creatorUserId: character.creator_user_id, blocked: true }).unwrap();
        forgetCachedRecommendations();
      } catch (error) {
        // The confirmation shows it in red and stays open (document 1 §8 "Confirmation modal").
        throw new Error(apiErrorMessage(error), { cause: error });
      }
      dispatch(creatorBlocked(character.creator_user_id));
      track('block_creator', character);
      notify.success(CARD_TEXTS.blocked(character.creator_username), { duration: 'short' });
    },
    [setBlocked, dispatch, notify, track],
  );

  const opened = useCallback(
    (character: CharacterSummary) => {
      track('open', character);
      if (character.recommId) void interaction({ kind: 'detail_view', character_id: character.id, recommId: character.recommId });
    },
    [interaction, track],
  );
  const reported = useCallback((character: CharacterSummary) => track('report', character), [track]);

  const userId = viewer.userId;
  const value = useMemo<CardActionsValue>(
    () => ({
      viewer,
      isLiked,
      isOwn: (character) => userId !== null && character.creator_user_id === userId,
      shareHidden,
      reportHidden,
      toggleLike,
      lessLikeThis,
      share,
      askBlock,
      opened,
      reported,
    }),
    [viewer, isLiked, userId, shareHidden, reportHidden, toggleLike, lessLikeThis, share, askBlock, opened, reported],
  );

  return (
    <CardActionsContext.Provider value={value}>
      {children}
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <CardDialogs dialog={dialog} onClose={() => setDialog(null)} onConfirmBlock={confirmBlock} />
        </Suspense>
      ) : null}
    </CardActionsContext.Provider>
  );
}

/** Cards the viewer should not see any more: taken away with Less Like This, or by a creator they blocked. */
export function useCardFilter(): (character: CharacterSummary) => boolean {
  const hidden = useAppSelector(selectHiddenCharacterIds);
  const blockedNow = useAppSelector(selectBlockedCreatorIds);
  const { settings } = useViewer();
  const blockedBefore = settings?.blockedUsers;
  return useMemo(() => {
    const hiddenIds = new Set(hidden);
    const blocked = new Set([...blockedNow, ...(blockedBefore ?? [])]);
    return (character) => !hiddenIds.has(character.id) && !blocked.has(character.creator_user_id);
  }, [hidden, blockedNow, blockedBefore]);
}
