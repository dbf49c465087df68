import { SEARCH_LIMITS } from '@fable/contracts';
import { BackToTop, EmptyState, Navigate } from '@fable/shared';
import { CardActionsProvider, useCardFilter } from '../cards/CardActions';
import { CharacterGrid } from '../cards/CharacterGrid';
import { CharacterGridSkeleton } from '../cards/CharacterGrid';
import { SearchFailure } from '../listing/ListingResults';
import { LISTING_TEXTS } from '../listing/listingTexts';
import { ListingPage } from '../listing/ListingPage';
import { PageHeader } from '../listing/PageHeader';
import { offlinePath } from '../offline/OfflinePage';
import { useOnline } from '../offline/useOnline';
import { useRecommendations } from '../home/useRecommendations';
import { useNsfwMode } from '../viewer/useNsfwMode';
import { useViewer } from '../viewer/useViewer';

/** Texts of the recommendations page (document 1 §2 route /recommended-bots); ours, the spec quotes none. */
export const RECOMMENDED_TEXTS = {
  heading: 'Recommended for You',
  intro: 'Chatbots picked from what you like and chat with.',
  introGuest: 'Popular chatbots, and picks from the interests you chose.',
  empty: 'No recommendations yet',
  emptyHint: 'Start browsing chatbots and see what you like',
  explore: 'Explore Chatbots',
  loading: 'Loading recommendations',
} as const;

/** How many the page asks for: one grid page (document 1 §9: 48). */
export const RECOMMENDED_COUNT = SEARCH_LIMITS.hitsPerPage;

function Recommendations() {
  const viewer = useViewer();
  const nsfw = useNsfwMode(viewer);
  const keep = useCardFilter();
  const recommendations = useRecommendations({
    scenario: 'recommended',
    nsfw: nsfw.active,
    enabled: !viewer.loading && !viewer.settingsLoading,
    count: RECOMMENDED_COUNT,
    cache: true,
  });
  const entries = recommendations.hits.filter((c) => keep(c) && (nsfw.active || !c.is_nsfw)).map((character) => ({ character }));

  return (
    <ListingPage>
      <PageHeader>
        <div>
          <h1>{RECOMMENDED_TEXTS.heading}</h1>
          <p>{viewer.signedIn ? RECOMMENDED_TEXTS.intro : RECOMMENDED_TEXTS.introGuest}</p>
        </div>
      </PageHeader>
      {recommendations.isError ? (
        <SearchFailure onRetry={recommendations.refetch} />
      ) : recommendations.isLoading || viewer.loading || viewer.settingsLoading ? (
        <CharacterGridSkeleton label={RECOMMENDED_TEXTS.loading} />
      ) : entries.length === 0 ? (
        <EmptyState title={RECOMMENDED_TEXTS.empty} description={RECOMMENDED_TEXTS.emptyHint} action={{ label: RECOMMENDED_TEXTS.explore, to: '/' }} />
      ) : (
        <CharacterGrid entries={entries} label={RECOMMENDED_TEXTS.heading} />
      )}
      <BackToTop threshold={SEARCH_LIMITS.backToTopPx} label={LISTING_TEXTS.backToTop} />
    </ListingPage>
  );
}

/**
 * `/recommended-bots`: the recommender's picks for the viewer (document 1 §7; guests get popularity and the interests
 * they chose), cached on this device by mode for 20 minutes, with loading, empty and error states; offline, the
 * offline route.
 */
export function RecommendedPage() {
  // Offline, the page goes to the offline route (document 1 §8), which brings the visitor back once online.
  if (!useOnline()) return <Navigate to={offlinePath('/recommended-bots')} replace />;
  return (
    <CardActionsProvider>
      <Recommendations />
    </CardActionsProvider>
  );
}
