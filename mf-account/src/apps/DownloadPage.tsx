import { routes } from '@fable/contracts';
import { selectHiddenByPartner, useAppSelector } from '@fable/shared';
import { useBrandInfo } from '../brand/useBrandInfo';
import { ANDROID_GUIDE_PATH, CHARACTER_COUNT_TAGLINE } from './apps';
import { ButtonLink } from '@fable/shared';
import { BrowserIcon, PhoneIcon, TabletIcon } from './icons';
import { AppCard, Cards, Hero, Page } from '../layout/CardPage';

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
