import styled from '@emotion/styled';
import { ButtonLink, Spinner, selectAuthStatus, selectFeatureOn, useAppSelector } from '@fable/shared';
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
  // Ours: the shortened hero above a guest's form (anonymous_create).
  anonymousLead: 'Start right here: fill in your chatbot below, and create it once you have a free account.',
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

/** The logged-out hero with its lead: the marketing page's, or the shorter one above a guest's form. */
function CreateHero({ lead }: { lead: string }) {
  return <MarketingHero title={CREATE_TEXTS.heroTitle} lead={lead} actions={<ButtonLink to={SIGN_UP_PATH}>{CREATE_TEXTS.createFreeAccount}</ButtonLink>} />;
}

/** The logged-out page where guests may not fill the form in (anonymous_create off): the hero, its cards and the lock. */
function CreateMarketing() {
  return (
    <Page>
      <CreateHero lead={CREATE_TEXTS.heroLead} />
      <FeatureCards cards={CARDS} />
      <UnlockBotCreation />
    </Page>
  );
}

/**
 * The anonymous variant (anonymous_create on): the hero, shortened, above the form a guest fills in; what they write is
 * kept on this device and Create asks them to sign up, then opens the draft to create it (NewChatbot, ChatbotForm).
 */
function AnonymousCreate() {
  return (
    <Page>
      <CreateHero lead={CREATE_TEXTS.anonymousLead} />
      <NewChatbot guest />
    </Page>
  );
}

/**
 * /chatbot/create (and its draft and /character/create aliases): signed out, the logged-out hero, or where the
 * application serves anonymous_create the form under a shorter hero; signed in, the chatbot form (a draft's values on
 * /chatbot/create/{draftId}).
 */
export function CreateChatbotPage() {
  const status = useAppSelector(selectAuthStatus);
  const anonymous = useAppSelector((state) => selectFeatureOn(state, 'anonymous_create'));
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') return anonymous ? <AnonymousCreate /> : <CreateMarketing />;
  return <NewChatbot />;
}
