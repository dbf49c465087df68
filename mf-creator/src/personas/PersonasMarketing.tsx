import { routes } from '@fable/contracts';
import { ButtonLink } from '@fable/shared';
import { FeatureCards, type FeatureCard } from '../marketing/FeatureCards';
import { EyeIcon, PencilIcon, StackIcon } from '../marketing/icons';
import { MarketingHero } from '../marketing/MarketingHero';
import { SIGN_UP_PATH } from '../marketing/signUpPath';
import { CreatorPage } from '../myChatbots/pageParts';
import { PERSONA_TEXTS } from './personaTexts';

const T = PERSONA_TEXTS.marketing;
const ICONS = [<StackIcon key="stack" />, <PencilIcon key="pencil" />, <EyeIcon key="eye" />];
const CARDS: readonly FeatureCard[] = T.cards.map((card, i) => ({ ...card, icon: ICONS[i] }));

/** /personas signed out (document 2 §2, the MY_PERSONAS_V2 page): what personas are, and Create Free Account. */
export function PersonasMarketing() {
  return (
    <CreatorPage>
      <MarketingHero
        eyebrow={T.eyebrow}
        title={T.title}
        lead={T.lead}
        actions={
          <>
            <ButtonLink to={SIGN_UP_PATH}>{T.createFreeAccount}</ButtonLink>
            <ButtonLink to={routes.home()} variant="secondary">
              {T.exploreChatbots}
            </ButtonLink>
          </>
        }
      />
      <FeatureCards cards={CARDS} />
    </CreatorPage>
  );
}
