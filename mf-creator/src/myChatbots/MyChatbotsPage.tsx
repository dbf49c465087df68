import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { useMemo, useRef, useState } from 'react';
import {
  ButtonLink,
  CardGrid,
  EmptyState,
  Spinner,
  selectAuthStatus,
  selectFeatureOn,
  selectUser,
  useAppDispatch,
  useAppSelector,
} from '@fable/shared';
import { useCreator_getMyChatbotsQuery } from '../creatorApi';
import { myChatbotsFilterChanged, myChatbotsSortChanged, selectMyChatbotsFilter, selectMyChatbotsSort } from '../creatorSlice';
import { useDraftCount } from '../drafts/useDrafts';
import { FeatureCards, type FeatureCard } from '../marketing/FeatureCards';
import { EyeIcon, PencilIcon, StackIcon } from '../marketing/icons';
import { MarketingHero } from '../marketing/MarketingHero';
import { SIGN_UP_PATH } from '../marketing/signUpPath';
import { CREATOR_CARD_MIN_PX } from './cardParts';
import { CreatorPage } from './pageParts';
import { MyChatbotCard } from './MyChatbotCard';
import { MyChatbotsFrame } from './MyChatbotsFrame';
import { MyChatbotsToolbar } from './MyChatbotsToolbar';
import { visibleChatbots } from './myChatbotsList';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';
import { useDeleteChatbot } from './useDeleteChatbot';

const MARKETING_CARDS: readonly FeatureCard[] = [
  { title: 'Every chatbot you make', text: 'Your chatbots side by side, with their messages and ratings.', icon: <StackIcon /> },
  { title: 'Drafts kept for later', text: 'Save a chatbot as a draft and finish it when you are ready.', icon: <PencilIcon /> },
  { title: 'Public, private or unlisted', text: 'Filter by visibility and see which chatbots need your attention.', icon: <EyeIcon /> },
];

const Count = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What the v1 list shows (my_chatbots_v2 off): every chatbot, in My bots order, newest first. */
const V1_VIEW = { search: '', filter: 'All', sort: 'Latest' } as const;

function MyChatbotsList() {
  const dispatch = useAppDispatch();
  const v2 = useAppSelector((state) => selectFeatureOn(state, 'my_chatbots_v2'));
  const userId = useAppSelector(selectUser)?.id ?? null;
  const filter = useAppSelector(selectMyChatbotsFilter);
  const sort = useAppSelector(selectMyChatbotsSort);
  // The search in force: the box commits it once typing stops (debounced).
  const [search, setSearch] = useState('');
  const chatbots = useCreator_getMyChatbotsQuery();
  const drafts = useDraftCount(userId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { askDelete, deleted, dialogs } = useDeleteChatbot(() => headingRef.current?.focus());

  const data = chatbots.data;
  const all = useMemo(() => data?.filter((c) => !deleted.has(c.id)), [data, deleted]);
  const shown = useMemo(() => (all ? visibleChatbots(all, v2 ? { search, filter, sort } : V1_VIEW) : []), [all, v2, search, filter, sort]);

  let body;
  if (chatbots.isLoading) body = <Spinner label={T.loading} center />;
  else if (chatbots.isError || !all) {
    body = <EmptyState title={T.failedTitle} description={T.failedHint} action={{ label: T.tryAgain, onClick: () => void chatbots.refetch() }} />;
  } else if (all.length === 0) {
    body = <EmptyState title={T.noResults} action={{ label: T.createChatbot, to: '/chatbot/create' }} />;
  } else {
    body = (
      <>
        {v2 ? (
          <>
            <MyChatbotsToolbar
              search={search}
              onSearchChange={setSearch}
              filter={filter}
              onFilterChange={(next) => dispatch(myChatbotsFilterChanged(next))}
              sort={sort}
              onSortChange={(next) => dispatch(myChatbotsSortChanged(next))}
            />
            <Count role="status">{T.count(shown.length)}</Count>
          </>
        ) : null}
        {shown.length === 0 ? (
          <EmptyState title={T.noResults} description={T.noResultsHint} />
        ) : (
          <CardGrid minColumnPx={CREATOR_CARD_MIN_PX} aria-label={T.listLabel} aria-busy={chatbots.isFetching || undefined}>
            {shown.map((character) => (
              <li key={character.id}>
                <MyChatbotCard character={character} onDelete={askDelete} />
              </li>
            ))}
          </CardGrid>
        )}
      </>
    );
  }

  return (
    <MyChatbotsFrame
      heading={T.heading}
      headingRef={headingRef}
      action={all && all.length > 0 ? <ButtonLink to="/chatbot/create">{T.createChatbot}</ButtonLink> : null}
      current="chatbots"
      drafts={drafts}
    >
      {body}
      {dialogs}
    </MyChatbotsFrame>
  );
}

/**
 * /my-chatbots (document 1 §2 "My Chatbots"): guests and signed-out visitors see the marketing page "All Your Chatbots
 * in One Place"; members their chatbots with local search (debounced 300 ms), filter, sort, the count, and Chat, Edit
 * and Delete on each card, Action Required first, then Under Review, then the rest (§4). Where the application's
 * my_chatbots_v2 flag is off, the v1 list: the grid alone (no search, filter, sort or count; newest first after those
 * needing attention) and no Drafts tile (MyChatbotsNav).
 */
export function MyChatbotsPage() {
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') {
    return (
      <CreatorPage>
        <MarketingHero
          eyebrow={T.heading}
          title={T.marketingTitle}
          lead={T.marketingLead}
          actions={
            <>
              <ButtonLink to={SIGN_UP_PATH}>{T.createFreeAccount}</ButtonLink>
              <ButtonLink to={routes.home()} variant="secondary">
                {T.exploreChatbots}
              </ButtonLink>
            </>
          }
        />
        <FeatureCards cards={MARKETING_CARDS} />
      </CreatorPage>
    );
  }
  return <MyChatbotsList />;
}
