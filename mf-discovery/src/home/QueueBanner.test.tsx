import { screen } from '@testing-library/react';
import { queueCalls } from '@fable/contracts';
import { renderDiscovery } from '../testing/renderDiscovery';
import { QUEUE_OUTLOOK_CALL } from '../discoveryCalls';
import { QueueBanner } from './QueueBanner';

it('uses the contract’s method and path', () => {
  expect(QUEUE_OUTLOOK_CALL).toEqual({ method: queueCalls.outlook.method, path: queueCalls.outlook.path });
});

describe('the home listing’s waiting-queue banner (document 1 §2)', () => {
  it('shows the wait a newcomer would meet, and the way to skip it', async () => {
    renderDiscovery(<QueueBanner />, { handlers: { 'GET /queue/outlook': { body: { applies: true, waiting: 7, time_left: 250 } } } });
    expect(await screen.findByText('Waiting Time is 5 Minutes')).toBeInTheDocument();
    expect(screen.getByText('Skip the waiting line')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows the position when less than a minute is measured', async () => {
    renderDiscovery(<QueueBanner />, { handlers: { 'GET /queue/outlook': { body: { applies: true, waiting: 2 } } } });
    expect(await screen.findByText('Waiting Room Position: 3')).toBeInTheDocument();
  });

  it('shows nothing when nobody waits or the room does not concern the viewer', async () => {
    const { fake } = renderDiscovery(<QueueBanner />, { handlers: { 'GET /queue/outlook': { body: { applies: false, waiting: 0 } } } });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('GET /queue/outlook')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});

it('is hidden in partner mode, without asking', async () => {
  const { fake } = renderDiscovery(<QueueBanner />, { partner: ['waiting_queue'], handlers: { 'GET /queue/outlook': { body: { applies: true, waiting: 4 } } } });
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.callsTo('GET /queue/outlook')).toHaveLength(0);
  expect(screen.queryByText(/Waiting Room Position/)).not.toBeInTheDocument();
});
