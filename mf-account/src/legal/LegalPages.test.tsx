import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderRoute } from '@fable/shared/testing';
import { partnerFixture, storeWith } from '@fable/shared/testing';
import { Compliance2257Page } from './Compliance2257Page';
import { GuidelinesPage } from './GuidelinesPage';
import { PrivacyPage } from './PrivacyPage';
import { RefundPage } from './RefundPage';
import { TermsPage } from './TermsPage';

const PAGES: [string, string, ComponentType][] = [
  ['/terms', 'Terms of Service', TermsPage],
  ['/privacy', 'Privacy Policy', PrivacyPage],
  ['/guidelines', 'Community Guidelines', GuidelinesPage],
  ['/refund', 'Refund Policy', RefundPage],
  ['/2257', '18 U.S.C. 2257 Compliance Statement', Compliance2257Page],
];

describe.each(PAGES)('%s', (path, title, Page) => {
  it('has a title, a last-updated date and a table of contents that links to every section', () => {
    renderRoute(<Page />, { path, url: path });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated:').closest('p')).toHaveTextContent('Last updated: November 22, 2026');
    expect(screen.getByText('November 22, 2026')).toHaveAttribute('dateTime', '2026-11-22');

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      const id = link.getAttribute('href')!.split('#')[1]!;
      expect(link.getAttribute('href')).toBe(`${path}#${id}`);
      const heading = document.getElementById(id);
      expect(heading?.tagName).toBe('H2');
      expect(heading).toHaveTextContent(link.textContent!);
    }
  });

  it('names the default brand when no deployment is loaded', () => {
    renderRoute(<Page />, { path, url: path });
    expect(screen.getAllByText(/Fable/).length).toBeGreaterThan(0);
  });

  it('names the white-label brand of the deployment, never the default one', () => {
    const { container } = renderRoute(<Page />, { path, url: path, store: storeWith(partnerFixture()) });
    expect(container).toHaveTextContent('StoryNest');
    expect(container.textContent).not.toMatch(/Fable/);
  });
});

it('terms: the tiers, the subscription rules and links to the other legal pages', () => {
  renderRoute(<TermsPage />, { path: '/terms', url: '/terms' });
  expect(screen.getByText(/Get a Taste, True Supporter and I'm All In/)).toBeInTheDocument();
  expect(screen.getByText('A subscription renews automatically at the end of each billing period until you cancel it.')).toBeInTheDocument();
  expect(screen.getByText(/we handle reports within 7 days/)).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Community Guidelines' })[0]).toHaveAttribute('href', '/guidelines');
  expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
});

it('privacy: says what the ad service receives and shows the brand’s support link and address', () => {
  renderRoute(<PrivacyPage />, { path: '/privacy', url: '/privacy', store: storeWith(partnerFixture()) });
  expect(screen.getByText(/the last 10 messages of that conversation are sent to the ad service/)).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'our support team' })[0]).toHaveAttribute('href', 'mailto:help@storynest.example');
  expect(screen.getAllByText('StoryNest Media, 5 Harbour Road, Dublin')[0]?.tagName).toBe('ADDRESS');
});

it('guidelines: the signup rules, reporting and the enforcement steps', () => {
  renderRoute(<GuidelinesPage />, { path: '/guidelines', url: '/guidelines' });
  expect(screen.getByText('No underage content.')).toBeInTheDocument();
  expect(screen.getByText('No incest.')).toBeInTheDocument();
  expect(screen.getByText('No hate speech.')).toBeInTheDocument();
  expect(screen.getByText(/Reports are handled within 7 days/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'report form' })).toHaveAttribute('href', '/report');
  expect(screen.getByText('restrict')).toBeInTheDocument();
  expect(screen.getByText('temporary hold')).toBeInTheDocument();
  expect(screen.getByText('terminate')).toBeInTheDocument();
});

it('refund: cancellation keeps benefits to the end of the cycle; refunds only in exceptional cases', () => {
  renderRoute(<RefundPage />, { path: '/refund', url: '/refund' });
  expect(screen.getByText(/you keep your benefits until the end of the period you already paid for/)).toBeInTheDocument();
  expect(screen.getByText(/Refunds are given only in exceptional\s+cases/)).toBeInTheDocument();
  expect(screen.getByText(/An upgrade is prorated/)).toBeInTheDocument();
  expect(screen.getByText(/A downgrade takes effect at the next billing cycle and lowers your future payments/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/manage-subscription');
});

it('2257: states that no actual human being is depicted', () => {
  renderRoute(<Compliance2257Page />, { path: '/2257', url: '/2257' });
  expect(screen.getByText(/No content on Fable is a visual depiction of an actual human being/)).toBeInTheDocument();
  expect(screen.getByText(/18 U.S.C. §2257, §2257A and 28 C.F.R. Part 75/)).toBeInTheDocument();
});
