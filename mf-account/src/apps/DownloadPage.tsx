import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { selectHiddenByPartner, useAppSelector } from '@fable/shared';
import { useBrandInfo } from '../brand/useBrandInfo';
import { ANDROID_GUIDE_PATH, CHARACTER_COUNT_TAGLINE } from './apps';
import { ButtonLink } from '@fable/shared';
import { BrowserIcon, PhoneIcon, TabletIcon } from './icons';

export const DOWNLOAD_TEXTS = {
  title: (brand: string) => `Get the ${brand} app`,
  tagline: `Chat with ${CHARACTER_COUNT_TAGLINE}, wherever you are.`,
  taglineSafe: 'Your characters and chats, wherever you are.',
  sameAccount: 'Sign in with the same account everywhere: your chats, chatbots and subscription come with you.',
  android: {
    title: 'Android',
    description: (brand: string) => `The ${brand} app for Android phones and tablets, installed from this site.`,
    action: 'Get the Android app',
  },
  ios: {
    title: 'iPhone and iPad',
    description: (brand: string) => `Add ${brand} to your Home Screen from Safari and open it like an app:`,
    steps: ['Open this site in Safari.', 'Tap the Share button.', 'Choose Add to Home Screen.'],
  },
  web: {
    title: 'Web',
    description: (brand: string) => `${brand} runs in any modern browser on your computer, with nothing to install.`,
    action: 'Start chatting',
  },
} as const;

const Page = styled.div`
  max-width: 1000px;
  margin: 0 auto;
  padding: 24px 0 64px;
  color: ${({ theme }) => theme.colors.text};
`;

const Hero = styled.header`
  text-align: center;
  padding: 32px 16px;
  margin-bottom: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background:
    radial-gradient(120% 140% at 0% 0%, ${({ theme }) => theme.colors.primary}33, transparent 60%),
    radial-gradient(120% 140% at 100% 100%, ${({ theme }) => theme.colors.accent}2b, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.7rem, 5vw, 2.5rem);
    line-height: 1.2;
  }
  .tagline {
    margin: 0 0 8px;
    font-size: 1.15rem;
    font-weight: 600;
  }
  .same {
    margin: 0 auto;
    max-width: 560px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  .icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 48px;
    height: 48px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
  ol {
    margin: 0;
    padding-left: 20px;
    line-height: 1.6;
  }
  .spacer {
    flex: 1;
  }
  a {
    align-self: flex-start;
  }
`;

function AppCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <span className="icon">{icon}</span>
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

/** /download: an app card per supported application (document 1 §2). */
export function DownloadPage() {
  const { name } = useBrandInfo();
  const nsfwHidden = useAppSelector((state) => selectHiddenByPartner(state, 'nsfw_toggle'));
  const t = DOWNLOAD_TEXTS;
  return (
    <Page>
      <Hero>
        <h1>{t.title(name)}</h1>
        <p className="tagline">{nsfwHidden ? t.taglineSafe : t.tagline}</p>
        <p className="same">{t.sameAccount}</p>
      </Hero>
      <Cards>
        <AppCard icon={<PhoneIcon />} title={t.android.title}>
          <p>{t.android.description(name)}</p>
          <span className="spacer" />
          <ButtonLink to={ANDROID_GUIDE_PATH} variant="primary">
            {t.android.action}
          </ButtonLink>
        </AppCard>
        <AppCard icon={<TabletIcon />} title={t.ios.title}>
          <p>{t.ios.description(name)}</p>
          <ol>
            {t.ios.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </AppCard>
        <AppCard icon={<BrowserIcon />} title={t.web.title}>
          <p>{t.web.description(name)}</p>
          <span className="spacer" />
          <ButtonLink to={routes.home()} variant="secondary">
            {t.web.action}
          </ButtonLink>
        </AppCard>
      </Cards>
    </Page>
  );
}
