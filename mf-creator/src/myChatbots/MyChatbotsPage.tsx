import styled from '@emotion/styled';
import { EmptyState, Spinner, selectAuthStatus, useAppSelector } from '@fable/shared';
import { ButtonLink } from '@fable/shared';
import { FeatureCards, type FeatureCard } from '../marketing/FeatureCards';
import { EyeIcon, PencilIcon, StackIcon } from '../marketing/icons';
import { MarketingHero } from '../marketing/MarketingHero';
import { SIGN_UP_PATH } from '../marketing/signUpPath';

/** Texts of My Chatbots (document 1 §2 "My Chatbots"), verbatim where quoted there. */
export const MY_CHATBOTS_TEXTS = {
  heading: 'My Chatbots',
  marketingTitle: 'All Your Chatbots in One Place',
  marketingLead: 'Create a free account to build your own chatbots and keep every one of them, public or private, on one page.',
  createFreeAccount: 'Create Free Account',
  exploreChatbots: 'Explore Chatbots',
  noResults: 'No Results Found',
  createChatbot: 'Create Chatbot',
} as const;

const MARKETING_CARDS: readonly FeatureCard[] = [
  { title: 'Every chatbot you make', text: 'Your chatbots side by side, with their messages and ratings.', icon: <StackIcon /> },
  { title: 'Drafts kept for later', text: 'Save a chatbot as a draft and finish it when you are ready.', icon: <PencilIcon /> },
  { title: 'Public, private or unlisted', text: 'Filter by visibility and see which chatbots need your attention.', icon: <EyeIcon /> },
];

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
`;

const Heading = styled.h1`
  margin: 0;
  font-size: 1.6rem;
`;

/** /my-chatbots: the logged-out marketing page, or (signed in) the list, empty until the list issue. */
export function MyChatbotsPage() {
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') {
    return (
      <Page>
        <MarketingHero
          eyebrow={MY_CHATBOTS_TEXTS.heading}
          title={MY_CHATBOTS_TEXTS.marketingTitle}
          lead={MY_CHATBOTS_TEXTS.marketingLead}
          actions={
            <>
              <ButtonLink to={SIGN_UP_PATH}>{MY_CHATBOTS_TEXTS.createFreeAccount}</ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {MY_CHATBOTS_TEXTS.exploreChatbots}
              </ButtonLink>
            </>
          }
        />
        <FeatureCards cards={MARKETING_CARDS} />
      </Page>
    );
  }
  return (
    <Page>
      <Heading>{MY_CHATBOTS_TEXTS.heading}</Heading>
      <EmptyState title={MY_CHATBOTS_TEXTS.noResults} action={{ label: MY_CHATBOTS_TEXTS.createChatbot, to: '/chatbot/create' }} />
    </Page>
  );
}
