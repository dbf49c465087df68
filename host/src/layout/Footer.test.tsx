import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppSettingsSchema } from '@fable/contracts';
import { becameGuest } from '@fable/shared';
import { deploymentFixture, mockApi, storeWith, type FakeHandler } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { Footer } from './Footer';
import { socialNetworkOf } from './socialLinks';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());

const LINKS = { support: 'mailto:s@fable.example', terms: '/terms', privacy: '/privacy', refund: '/refund', discord: 'https://discord.gg/fable', x: 'https://x.com/fable', reddit: 'https://reddit.com/r/fable' };

function renderFooter(overrides: Record<string, FakeHandler> = {}) {
  fake = mockApi({ overrides });
  const base = deploymentFixture();
  const store = storeWith(deploymentFixture({ brand: { ...base.brand, links: LINKS } }));
  store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  renderShell(<Footer />, { store });
  return fake;
}

const socialEvents = () => fake!.callsTo('POST /event').map((call) => call.body);

describe('social media clicks (document 1 §7 "Analytics events: social media click")', () => {
  it('sends one event per click on Discord, X or Reddit, none for the other links', async () => {
    renderFooter();
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    await userEvent.click(footer.getByRole('link', { name: 'Discord' }));
    await userEvent.click(footer.getByRole('link', { name: 'Reddit' }));
    await userEvent.click(footer.getByRole('link', { name: 'X' }));
    await userEvent.click(footer.getByRole('link', { name: 'Terms' }));
    await waitFor(() => expect(socialEvents()).toHaveLength(3));
    expect(socialEvents()).toEqual([
      { event_name: 'social_media_click', network: 'discord' },
      { event_name: 'social_media_click', network: 'reddit' },
      { event_name: 'social_media_click', network: 'x' },
    ]);
  });

  it('recognises the app settings’ footer links by address or label', async () => {
    const settings = AppSettingsSchema.parse({
      branding: { displayName: 'Fable' },
      footerLinks: [
        { label: 'Terms', to: '/terms' },
        { label: 'Our Discord', to: LINKS.discord },
        { label: 'Reddit', to: 'https://fable.example/go/reddit' },
      ],
    });
    renderFooter({ 'GET /app-settings': { body: settings } });
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    await userEvent.click(await footer.findByRole('link', { name: 'Our Discord' }));
    await userEvent.click(footer.getByRole('link', { name: 'Reddit' }));
    await userEvent.click(footer.getByRole('link', { name: 'Terms' }));
    await waitFor(() => expect(socialEvents()).toHaveLength(2));
    expect(socialEvents()).toEqual([
      { event_name: 'social_media_click', network: 'discord' },
      { event_name: 'social_media_click', network: 'reddit' },
    ]);
  });
});

it('tells a social link from the others', () => {
  expect(socialNetworkOf({ label: 'Chat with us', to: LINKS.x }, LINKS)).toBe('x');
  expect(socialNetworkOf({ label: ' discord ', to: 'https://elsewhere.example' }, LINKS)).toBe('discord');
  expect(socialNetworkOf({ label: 'Support', to: LINKS.support }, LINKS)).toBeNull();
  expect(socialNetworkOf({ label: 'Xenon', to: 'https://xenon.example' }, { ...LINKS, x: undefined })).toBeNull();
});
