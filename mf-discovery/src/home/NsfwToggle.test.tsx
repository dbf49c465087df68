import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { useNsfwMode } from '../viewer/useNsfwMode';
import { useViewer } from '../viewer/useViewer';
import { NsfwToggle } from './NsfwToggle';

function Toggle() {
  const viewer = useViewer();
  return <NsfwToggle viewer={viewer} mode={useNsfwMode(viewer)} />;
}

function renderToggle(setup: DiscoverySetup = {}) {
  window.localStorage.clear();
  return renderDiscovery(<Toggle />, setup);
}

/** Lets a request the click may have started reach the mock API. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const switchEvents = (fake: ReturnType<typeof renderToggle>['fake']) =>
  fake.callsTo('POST /event').map((call) => call.body).filter((body) => (body as { event_name: string }).event_name === 'switch_nsfw');

describe('the switch NSFW analytics event (document 1 §7 "switch nsfw")', () => {
  it('is sent once per switch, on and off, by a member with explicit content', async () => {
    const { fake } = renderToggle({ member: { showNSFW: true } });
    const toggle = screen.getByRole('switch', { name: 'NSFW' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(switchEvents(fake)).toEqual([{ event_name: 'switch_nsfw', enabled: true }]));
    await userEvent.click(toggle);
    await waitFor(() => expect(switchEvents(fake)).toEqual([{ event_name: 'switch_nsfw', enabled: true }, { event_name: 'switch_nsfw', enabled: false }]));
  });

  it('is not sent when the toggle only prompts: a guest, or a member without explicit content', async () => {
    const guest = renderToggle();
    await userEvent.click(screen.getByRole('switch', { name: 'NSFW' }));
    await screen.findByRole('dialog', { name: 'Register for Free' });
    await settle();
    expect(switchEvents(guest.fake)).toEqual([]);
    guest.unmount();

    const shy = renderToggle({ member: { showNSFW: false } });
    const toggle = screen.getByRole('switch', { name: 'NSFW' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await screen.findByRole('dialog', { name: 'NSFW Content' });
    await settle();
    expect(switchEvents(shy.fake)).toEqual([]);
  });
});
