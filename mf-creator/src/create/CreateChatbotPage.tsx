import styled from '@emotion/styled';
import { ButtonLink, Spinner, selectAuthStatus, useAppSelector } from '@fable/shared';
import { NewChatbot } from '../chatbotForm/ChatbotPages';
import { FeatureCards, type FeatureCard } from '../marketing/FeatureCards';
import { GiftIcon, GlobeIcon, LockIcon } from '../marketing/icons';
import { MarketingHero } from '../marketing/MarketingHero';
import { SIGN_UP_PATH } from '../marketing/signUpPath';
import { UnlockBotCreation } from './UnlockBotCreation';

/** Texts of Create chatbot (document 1 §2 "Other screens"), verbatim where quoted there. */
export const CREATE_TEXTS = {
  heroTitle: 'Unleash Your Creativity: Create Chatbot Characters',
  heroLead: 'Bring your characters to life: give them a personality, a scenario and a voice of their own, and chat with them whenever you like.',
  createFreeAccount: 'Create Free Account',
} as const;

const CARDS: readonly FeatureCard[] = [
  { title: 'Create Public Chatbots', text: 'Share your characters with everyone and see how many people chat with them.', icon: <GlobeIcon /> },
  { title: 'Create Private Chatbots', text: 'Keep characters to yourself and chat with them whenever you like.', icon: <LockIcon /> },
  { title: 'Get Rewards', text: 'Earn rewards as more people chat with the chatbots you create.', icon: <GiftIcon /> },
];

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
`;

/**
 * /chatbot/create (and its draft and /character/create aliases): the logged-out hero; signed in, the chatbot form
 * (a draft's values on /chatbot/create/{draftId}).
 */
export function CreateChatbotPage() {
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') {
    return (
      <Page>
        <MarketingHero
          title={CREATE_TEXTS.heroTitle}
          lead={CREATE_TEXTS.heroLead}
          actions={<ButtonLink to={SIGN_UP_PATH}>{CREATE_TEXTS.createFreeAccount}</ButtonLink>}
        />
        <FeatureCards cards={CARDS} />
        <UnlockBotCreation />
      </Page>
    );
  }
  return <NewChatbot />;
}
