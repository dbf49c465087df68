import { SEARCH_LIMITS } from '@fable/contracts';
import { abbreviateCount, Avatar, BackToTop, EmptyState, NOT_FOUND_TEXTS, useParams } from '@fable/shared';
import { isNotFound } from '../apiErrors';
import { CardActionsProvider, useCardFilter } from '../cards/CardActions';
import { useDiscovery_creatorQuery, useDiscovery_searchQuery } from '../discoveryApi';
import { ListingToolbar } from '../home/ListingToolbar';
import { useListingUrlState } from '../home/listingUrlState';
import { ListingResults } from '../listing/ListingResults';
import { LISTING_TEXTS } from '../listing/listingTexts';
import { ListingPage } from '../listing/ListingPage';
import { PageHeader } from '../listing/PageHeader';
import { useNsfwMode } from '../viewer/useNsfwMode';
import { useViewer } from '../viewer/useViewer';

/** Texts of the creator page (document 1 §2: titled "@{username}'s Chatbots"); the others are ours. */
export const CREATOR_TEXTS = {
  title: (username: string) => `@${username}'s Chatbots`,
  name: (displayName: string, count: string) => `${displayName} · ${count} chatbots`,
  empty: 'No chatbots yet',
  emptyHint: 'This creator has no public chatbots for now.',
  notFound: NOT_FOUND_TEXTS,
} as const;

function CreatorListing({ username }: { username: string }) {
  const viewer = useViewer();
  const nsfw = useNsfwMode(viewer);
  const [state, update] = useListingUrlState();
  // Usernames are 1 to 20 characters (contracts' CreatorUsernameParamsSchema): others cannot exist.
  const valid = username.length >= 1 && username.length <= 20;
  const creator = useDiscovery_creatorQuery(username, { skip: !valid });
  const search = useDiscovery_searchQuery(
    {
      q: state.q,
      sort: state.sort,
      page: state.page,
      nsfw: nsfw.active,
      chatLanguage: viewer.settings?.chatLanguage,
      creatorUsername: username,
    },
    { skip: !valid || viewer.loading || viewer.settingsLoading },
  );
  const keep = useCardFilter();

  if (!valid || (creator.isError && isNotFound(creator.error))) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<strong aria-hidden="true">{CREATOR_TEXTS.notFound.code}</strong>}
        title={CREATOR_TEXTS.notFound.title}
        description={CREATOR_TEXTS.notFound.description}
        action={{ label: CREATOR_TEXTS.notFound.action, to: '/' }}
      />
    );
  }

  const shownName = creator.data?.username ?? username;
  const filtered = (search.data?.hits ?? []).filter(keep).map((character) => ({ character }));
  const isSearching = state.q.trim() !== '';
  return (
    <ListingPage>
      <PageHeader>
        <Avatar src={creator.data?.avatar_url} name={creator.data?.display_name || shownName} size="lg" />
        <div>
          <h1>{CREATOR_TEXTS.title(shownName)}</h1>
          {creator.data ? <p>{CREATOR_TEXTS.name(creator.data.display_name, abbreviateCount(creator.data.num_characters))}</p> : null}
        </div>
      </PageHeader>
      <ListingToolbar query={state.q} onQueryCommit={(q) => update({ q }, { replace: true })} sort={state.sort} onSortChange={(sort) => update({ sort })} />
      <ListingResults
        query={search}
        entries={filtered}
        page={state.page}
        onPageChange={(page) => update({ page })}
        empty={
          isSearching ? (
            <EmptyState title={LISTING_TEXTS.noResults} description={LISTING_TEXTS.noResultsHint} />
          ) : (
            <EmptyState title={CREATOR_TEXTS.empty} description={CREATOR_TEXTS.emptyHint} />
          )
        }
      />
      <BackToTop threshold={SEARCH_LIMITS.backToTopPx} label={LISTING_TEXTS.backToTop} />
    </ListingPage>
  );
}

/** `/creator/:creatorUsername`: a creator's public chatbots, titled "@{username}'s Chatbots" (document 1 §2). */
export function CreatorPage() {
  const { creatorUsername = '' } = useParams();
  const username = creatorUsername.replace(/^@/, '').trim().toLowerCase();
  return (
    <CardActionsProvider>
      <CreatorListing key={username} username={username} />
    </CardActionsProvider>
  );
}
