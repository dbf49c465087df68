import styled from '@emotion/styled';
import { SEARCH_LIMITS } from '@fable/contracts';
import { BackToTop, Button, EmptyState, signInRequested, Spinner, useAppDispatch, useSearchParams } from '@fable/shared';
import { CardActionsProvider, useCardActions, useCardFilter } from '../cards/CardActions';
import { useDiscovery_favoritesQuery } from '../discoveryApi';
import { ListingResults } from '../listing/ListingResults';
import { LISTING_TEXTS } from '../listing/listingTexts';
import { ListingPage } from '../listing/ListingPage';
import { PageHeader } from '../listing/PageHeader';
import { useViewer } from '../viewer/useViewer';

/** Texts of the favourites (document 1 §2 "My Chatbots", "Listing"), verbatim where quoted there; the others are ours. */
export const FAVORITES_TEXTS = {
  heading: 'Favorite Chatbots',
  marketingTitle: 'Your Favorite Chatbots in One Place',
  marketingText: 'Like the chatbots you enjoy and find them here, on any device. Signing up is free: all it takes is an email.',
  createAccount: 'Create Free Account',
  signIn: 'Sign In',
  empty: 'Start browsing chatbots and see what you like',
  explore: 'Explore Chatbots',
  loading: 'Loading your favorites',
} as const;

const Marketing = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  width: min(100%, 640px);
  margin: 32px auto;
  padding: 40px 24px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(circle at top, ${({ theme }) => theme.colors.primarySoft}, transparent 70%),
    ${({ theme }) => theme.colors.surface};
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(1.4rem, 4vw, 2rem);
  }
  p {
    margin: 0;
    max-width: 480px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 10px;
    margin-top: 8px;
  }
`;

function FavoritesList() {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  const page = Number.isInteger(parsed) && parsed >= 1 && parsed <= 1000 ? parsed : 1;
  const favorites = useDiscovery_favoritesQuery({ page });
  const { isLiked } = useCardActions();
  const keep = useCardFilter();
  // Unliking a card here takes it away at once (and brings it back if the unlike fails).
  const entries = (favorites.data?.hits ?? []).filter((c) => keep(c) && isLiked(c.id)).map((character) => ({ character }));
  return (
    <ListingResults
      query={favorites}
      entries={entries}
      page={page}
      onPageChange={(next) =>
        setParams((previous) => {
          const copy = new URLSearchParams(previous);
          if (next > 1) copy.set('page', String(next));
          else copy.delete('page');
          return copy;
        })
      }
      empty={<EmptyState title={FAVORITES_TEXTS.empty} action={{ label: FAVORITES_TEXTS.explore, to: '/' }} />}
    />
  );
}

/**
 * `/favorite-bots`: the member's favourite chatbots (newest first), 48 a page; unliking removes the card. Guests see
 * the marketing page "Your Favorite Chatbots in One Place" with Create Free Account and Sign In.
 */
export function FavoritesPage() {
  const viewer = useViewer();
  const dispatch = useAppDispatch();
  if (viewer.loading) return <Spinner label={FAVORITES_TEXTS.loading} center />;
  if (!viewer.signedIn) {
    const signIn = () => dispatch(signInRequested({ returnTo: '/favorite-bots' }));
    return (
      <Marketing data-testid="favorites-marketing">
        <h1>{FAVORITES_TEXTS.marketingTitle}</h1>
        <p>{FAVORITES_TEXTS.marketingText}</p>
        <div className="actions">
          <Button size="lg" onClick={signIn}>
            {FAVORITES_TEXTS.createAccount}
          </Button>
          <Button size="lg" variant="secondary" onClick={signIn}>
            {FAVORITES_TEXTS.signIn}
          </Button>
        </div>
      </Marketing>
    );
  }
  return (
    <CardActionsProvider likedByDefault>
      <ListingPage>
        <PageHeader>
          <h1>{FAVORITES_TEXTS.heading}</h1>
        </PageHeader>
        <FavoritesList />
        <BackToTop threshold={SEARCH_LIMITS.backToTopPx} label={LISTING_TEXTS.backToTop} />
      </ListingPage>
    </CardActionsProvider>
  );
}
