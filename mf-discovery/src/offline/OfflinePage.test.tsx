import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@fable/shared';
import { RecommendedPage } from '../recommended/RecommendedPage';
import { location, renderDiscovery } from '../testing/renderDiscovery';
import { OfflinePage, returnPathOf } from './OfflinePage';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

function renderBoth(url: string) {
  return renderDiscovery(
    <Routes>
      <Route path="/recommended-bots" element={<RecommendedPage />} />
      <Route path="/offline" element={<OfflinePage />} />
    </Routes>,
    { url, path: '*', handlers: { 'GET /recommendations': { body: { hits: [], recommId: 'R' } } } },
  );
}

it('sends the recommended page, offline, to the offline route, which comes back by itself once online', async () => {
  setOnline(false);
  renderBoth('/recommended-bots');
  expect(await screen.findByRole('heading', { level: 1, name: 'Network Connection Unavailable. Check Your Connection and Try Again.' })).toBeInTheDocument();
  expect(location()).toBe('/offline?from=%2Frecommended-bots');
  act(() => setOnline(true));
  expect(await screen.findByRole('heading', { level: 1, name: 'Recommended for You' })).toBeInTheDocument();
  expect(location()).toBe('/recommended-bots');
});

it('goes back on Try Again', async () => {
  setOnline(false);
  renderBoth('/offline?from=%2Frecommended-bots');
  await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
  // Still offline: the recommended page sends the visitor straight back.
  expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  expect(location()).toBe('/offline?from=%2Frecommended-bots');
});

it('goes back only to a page of this site', () => {
  expect(returnPathOf('/recommended-bots')).toBe('/recommended-bots');
  expect(returnPathOf('//evil.example')).toBe('/');
  expect(returnPathOf('/\\evil.example')).toBe('/');
  expect(returnPathOf('https://evil.example')).toBe('/');
  expect(returnPathOf(null)).toBe('/');
});
