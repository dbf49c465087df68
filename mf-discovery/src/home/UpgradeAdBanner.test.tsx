import { act, screen } from '@testing-library/react';
import { renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { QueueBanner } from './QueueBanner';

const NOBODY_WAITS = { 'GET /queue/outlook': { body: { applies: true, waiting: 0 } } };
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

function renderSlot(setup: DiscoverySetup = {}) {
  return renderDiscovery(<QueueBanner />, { ...setup, handlers: { ...NOBODY_WAITS, ...setup.handlers } });
}

describe('the home listing’s upgrade ad banner (document 1 §6 display_ads)', () => {
  it('shows a free member the way to chat without ads when nobody waits', async () => {
    renderSlot({ member: true });
    const banner = await screen.findByRole('complementary', { name: 'Enjoy Fable without ads' });
    expect(banner).toHaveTextContent('Upgrade to chat without ads or waiting');
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  });

  it('gives the slot to the waiting-queue banner while people wait', async () => {
    renderSlot({ member: true, handlers: { 'GET /queue/outlook': { body: { applies: true, waiting: 3 } } } });
    expect(await screen.findByText('Waiting Room Position: 4')).toBeInTheDocument();
    expect(screen.queryByText(/without ads/)).not.toBeInTheDocument();
  });

  it('shows nothing to a guest', async () => {
    const { fake } = renderSlot();
    await settle();
    expect(fake.callsTo('GET /queue/outlook')).toHaveLength(1);
    expect(screen.queryByText(/without ads/)).not.toBeInTheDocument();
  });

  it('shows nothing to a paid member', async () => {
    renderSlot({ member: true, memberOverrides: { tier: 'basic' } });
    await settle();
    expect(screen.queryByText(/without ads/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('is hidden where partner mode hides banners', async () => {
    renderSlot({ member: true, partner: ['banners'] });
    await settle();
    expect(screen.queryByText(/without ads/)).not.toBeInTheDocument();
  });
});
