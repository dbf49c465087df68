import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@fable/shared/testing';
import { partnerFixture, storeWith } from '@fable/shared/testing';
import { AndroidAppPage } from './AndroidAppPage';
import { DownloadPage } from './DownloadPage';

describe('/download', () => {
  it('advertises 300K+ NSFW characters and has a card per application', async () => {
    renderRoute(<DownloadPage />, { path: '/download', url: '/download' });
    expect(screen.getByRole('heading', { level: 1, name: 'Get the Fable app' })).toBeInTheDocument();
    expect(screen.getByText('Chat with 300K+ NSFW characters, wherever you are.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Android', 'iPhone and iPad', 'Web']);
    await userEvent.click(screen.getByRole('link', { name: 'Get the Android app' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/apps/android');
  });

  it('shows the deployment’s brand, without the NSFW tagline where the partner hides NSFW', () => {
    renderRoute(<DownloadPage />, { path: '/download', url: '/download', store: storeWith(partnerFixture()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Get the StoryNest app' })).toBeInTheDocument();
    expect(screen.queryByText(/NSFW/)).not.toBeInTheDocument();
    expect(screen.getByText('Your characters and chats, wherever you are.')).toBeInTheDocument();
  });
});

describe('/apps/android', () => {
  it('has a download button and an install guide of 5 steps', () => {
    renderRoute(<AndroidAppPage />, { path: '/apps/android', url: '/apps/android' });
    expect(screen.getByRole('heading', { level: 1, name: 'Install Fable on Android' })).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download APK' });
    expect(download).toHaveAttribute('href', '/downloads/android/app.apk');
    expect(download).toHaveAttribute('download');

    const guide = screen.getByRole('region', { name: 'How to install' });
    const steps = within(guide).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Download the app',
      'Open the file',
      'Allow the installation',
      'Install',
      'Open and sign in',
    ]);
    expect(steps[4]).toHaveTextContent('Open Fable from your home screen');
    expect(screen.getByRole('link', { name: 'Other devices' })).toHaveAttribute('href', '/download');
  });

  it('names the white-label brand', () => {
    renderRoute(<AndroidAppPage />, { path: '/apps/android', url: '/apps/android', store: storeWith(partnerFixture()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Install StoryNest on Android' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'our support team' })).toHaveAttribute('href', 'mailto:help@storynest.example');
  });
});
