import styled from '@emotion/styled';
import { Link } from '@fable/shared';
import { SupportLink } from '../brand/SupportLink';
import { useBrandInfo } from '../brand/useBrandInfo';
import { ANDROID_APK_URL } from './apps';
import { AnchorButton } from '@fable/shared';
import { DownloadIcon, PhoneIcon } from './icons';

/**
 * Texts of the Android page. The spec gives its shape (an install guide of 5 steps and a download
 * button, document 1 §2), not its words: these are ours.
 */
export const ANDROID_TEXTS = {
  title: (brand: string) => `Install ${brand} on Android`,
  intro: (brand: string) =>
    `The ${brand} Android app is installed from a file (an APK) that you download from this site. It takes about a minute.`,
  download: 'Download APK',
  guideTitle: 'How to install',
  steps: [
    {
      title: 'Download the app',
      text: 'Tap Download APK. If your browser warns that this type of file can harm your device, choose Download anyway.',
    },
    {
      title: 'Open the file',
      text: 'When the download finishes, tap Open in the notification, or find the file in the Downloads folder of your Files app.',
    },
    {
      title: 'Allow the installation',
      text: 'Android asks for permission to install apps from your browser. Tap Settings, turn on Allow from this source, then go back.',
    },
    {
      title: 'Install',
      text: 'Tap Install and wait a few seconds until Android says the app is installed.',
    },
    {
      title: 'Open and sign in',
      text: (brand: string) =>
        `Open ${brand} from your home screen or app drawer and sign in with your account: your chats, chatbots and subscription are all there.`,
    },
  ],
  help: 'Trouble installing? Contact',
  otherDevices: 'Other devices',
} as const;

const Page = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 0 64px;
  color: ${({ theme }) => theme.colors.text};
`;

const Hero = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 12px;
  padding: 28px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 140% at 0% 0%, ${({ theme }) => theme.colors.primary}33, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  .icon {
    color: ${({ theme }) => theme.colors.primaryText};
  }
  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 5vw, 2.2rem);
    line-height: 1.2;
  }
  p {
    margin: 0;
    max-width: 520px;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  counter-reset: step;
  li {
    counter-increment: step;
    display: grid;
    grid-template-columns: 40px 1fr;
    gap: 4px 14px;
    padding: 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  li::before {
    content: counter(step);
    grid-row: span 2;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    font-weight: 800;
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primary};
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
    align-self: center;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

const Guide = styled.section`
  margin-top: 28px;
  h2 {
    margin: 0 0 12px;
    font-size: 1.3rem;
  }
`;

const Help = styled.p`
  margin: 24px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

/** /apps/android: the download button and the install guide of 5 steps (document 1 §2). */
export function AndroidAppPage() {
  const { name } = useBrandInfo();
  const t = ANDROID_TEXTS;
  return (
    <Page>
      <Hero>
        <span className="icon">
          <PhoneIcon size={44} />
        </span>
        <h1>{t.title(name)}</h1>
        <p>{t.intro(name)}</p>
        <AnchorButton variant="primary" href={ANDROID_APK_URL} download>
          <DownloadIcon />
          {t.download}
        </AnchorButton>
      </Hero>
      <Guide aria-labelledby="android-guide">
        <h2 id="android-guide">{t.guideTitle}</h2>
        <Steps>
          {t.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{typeof step.text === 'function' ? step.text(name) : step.text}</p>
            </li>
          ))}
        </Steps>
      </Guide>
      <Help>
        {t.help} <SupportLink />. · <Link to="/download">{t.otherDevices}</Link>
      </Help>
    </Page>
  );
}
