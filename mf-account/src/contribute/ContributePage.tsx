import { AnchorButton, ButtonLink, selectDeployment, selectFeatureOn, useAppSelector } from '@fable/shared';
import { useBrandInfo } from '../brand/useBrandInfo';
import { AppCard, Cards, Hero, Page } from '../layout/CardPage';

// /contribute (document 1 §2 routes: "/contribute … other"; what it holds is ours): the ways a member adds to the site.
export const CONTRIBUTE_TEXTS = {
  title: 'Contribute',
  tagline: (brand: string) => `${brand} is made by its community. Here is how you can add to it.`,
  chatbot: { title: 'Create a chatbot', description: 'Give a character a personality, a greeting and a story, and share it with everyone.', action: 'Create Chatbot' },
  lorebook: { title: 'Write a lorebook', description: 'Build a world once and bring it to any chat: places, people and rules the chatbots remember.', action: 'Create Lorebook' },
  groupchat: { title: 'Start a group chat', description: 'Put several characters in one scene and let them play off each other.', action: 'Create Groupchat' },
  report: { title: 'Keep it safe', description: 'Tell us about a chatbot that breaks the Community Guidelines: every report is read.', action: 'Report a chatbot' },
  community: { title: 'Join the community', description: 'Share your chatbots, ideas and feedback with other creators.', action: 'Join us on Discord' },
} as const;

type Way = keyof typeof CONTRIBUTE_TEXTS & ('chatbot' | 'lorebook' | 'groupchat' | 'report');

/** The site's ways to contribute, in order; `flag` names the feature flag a creating way needs. */
const WAYS: readonly { way: Way; to: string; creating: boolean; flag?: 'lorebook' | 'groupchat' }[] = [
  { way: 'chatbot', to: '/chatbot/create', creating: true },
  { way: 'lorebook', to: '/lorebook/create', creating: true, flag: 'lorebook' },
  { way: 'groupchat', to: '/groupchat/create', creating: true, flag: 'groupchat' },
  { way: 'report', to: '/report', creating: false },
];

/** The ways to contribute; creating is offered only where the creator tools, and the kind's flag, are on. */
export function ContributePage() {
  const { name } = useBrandInfo();
  const deployment = useAppSelector(selectDeployment);
  const creating = deployment ? deployment.remotes.mf_creator?.enabled === true : true;
  const flagOn = {
    lorebook: useAppSelector((state) => selectFeatureOn(state, 'lorebook')),
    groupchat: useAppSelector((state) => selectFeatureOn(state, 'groupchat')),
  };
  const discord = deployment?.brand.links.discord;
  const t = CONTRIBUTE_TEXTS;
  const ways = WAYS.filter((w) => !w.creating || (creating && (!w.flag || flagOn[w.flag])));
  return (
    <Page>
      <Hero>
        <h1>{t.title}</h1>
        <p className="same">{t.tagline(name)}</p>
      </Hero>
      <Cards>
        {ways.map(({ way, to }) => (
          <AppCard key={way} title={t[way].title}>
            <p>{t[way].description}</p>
            <span className="spacer" />
            <ButtonLink to={to} variant={way === 'chatbot' ? 'primary' : 'secondary'}>
              {t[way].action}
            </ButtonLink>
          </AppCard>
        ))}
        {discord ? (
          <AppCard title={t.community.title}>
            <p>{t.community.description}</p>
            <span className="spacer" />
            <AnchorButton href={discord} target="_blank" rel="noopener noreferrer" variant="secondary">
              {t.community.action}
            </AnchorButton>
          </AppCard>
        ) : null}
      </Cards>
    </Page>
  );
}
