import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingFlowCalls } from '@fable/contracts';
import { MOCK_SUPPORTER_CODES, MOCK_TRANSIENT_LINKS } from '@fable/mocks';
import { apiErrorBody, type FakeHandler, type MockApi } from '@fable/shared/testing';
import { currentLocation, renderPortal } from '../testing/renderPortal';
import { LinkSubscribestarPage, providerNavigation } from './LinkSubscribestarPage';
import { LINK_TEXTS as T } from './linkTexts';
import { SUPPORTER_LINK_CALLS } from './supporterLinkApi';

const PATHS = ['/link/subscribestar', '/link/subscribestar/:transientId'];

let fake: MockApi | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
  jest.restoreAllMocks();
});

function open(url: string, handlers?: Record<string, FakeHandler>) {
  const view = renderPortal(<LinkSubscribestarPage />, { url, path: PATHS, handlers });
  fake = view.fake;
  return view;
}

const linkCalls = () => fake!.callsTo('GET /link/subscribestar/oauth').map((c) => c.query);
const refreshes = () => fake!.callsTo('POST /v2/auth/refresh');

it('copies the contracts’ method and path of its calls', () => {
  expect(SUPPORTER_LINK_CALLS).toEqual({
    authorize: { method: billingFlowCalls.supporterAuthorize.method, path: billingFlowCalls.supporterAuthorize.path },
    link: { method: billingFlowCalls.supporterLink.method, path: billingFlowCalls.supporterLink.path },
    transientLink: { method: billingFlowCalls.supporterTransientLink.method, path: billingFlowCalls.supporterTransientLink.path },
  });
});

it('idle: Connect asks for the authorize URL back to this page and goes there', async () => {
  const assign = jest.spyOn(providerNavigation, 'assign').mockImplementation(() => undefined);
  open('/link/subscribestar');
  expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
  expect(screen.getByText(T.intro)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: T.connect }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://localhost/link/subscribestar?code=${MOCK_SUPPORTER_CODES.linked}`));
  expect(fake!.callsTo('GET /link/subscribestar/authorize').map((c) => c.query)).toEqual([{ redirect_url: 'http://localhost/link/subscribestar' }]);
  expect(linkCalls()).toEqual([]);
});

it('shows why Connect failed', async () => {
  open('/link/subscribestar', { 'GET /link/subscribestar/authorize': { status: 502, body: apiErrorBody('link_failed', 'There was an error linking your account.') } });
  await userEvent.click(screen.getByRole('button', { name: T.connect }));
  expect(await screen.findByRole('alert')).toHaveTextContent(T.error);
});

it('rewrites the provider’s code to subscribestar_code, links once, takes the code out of the address, refreshes the token', async () => {
  open(`/link/subscribestar?code=${MOCK_SUPPORTER_CODES.linked}&state=attempt-0123456789abcdef&utm=x`);
  expect(screen.getByRole('status', { name: T.linking })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: T.successTitle })).toBeInTheDocument();
  expect(screen.getByText(T.successTier('True Supporter'))).toBeInTheDocument();
  expect(screen.getByRole('link', { name: T.startChatting })).toHaveAttribute('href', '/');
  expect(linkCalls()).toEqual([
    { subscribestar_code: MOCK_SUPPORTER_CODES.linked, redirect_url: 'http://localhost/link/subscribestar', state: 'attempt-0123456789abcdef' },
  ]);
  expect(currentLocation()).toBe('/link/subscribestar?utm=x');
  await waitFor(() => expect(refreshes()).toHaveLength(1));
});

it('no active pledge: its title and text, and Try again', async () => {
  open(`/link/subscribestar?subscribestar_code=${MOCK_SUPPORTER_CODES.noPledge}`);
  expect(await screen.findByRole('heading', { name: 'No active pledge found' })).toBeInTheDocument();
  expect(screen.getByText("We couldn't find any active pledge associated with your SubscribeStar account")).toBeInTheDocument();
  expect(screen.getByRole('button', { name: T.tryAgain })).toBeInTheDocument();
  expect(currentLocation()).toBe('/link/subscribestar');
  expect(refreshes()).toHaveLength(0);
});

it('takes an error answer saying no active pledge found as invalid_pledge', async () => {
  open('/link/subscribestar?code=abc', { 'GET /link/subscribestar/oauth': { status: 400, body: apiErrorBody('link_failed', 'No active pledge found') } });
  expect(await screen.findByRole('heading', { name: 'No active pledge found' })).toBeInTheDocument();
});

it('error: the message with a reload link, and a reload does not send the code again', async () => {
  open(`/link/subscribestar?code=${MOCK_SUPPORTER_CODES.error}`);
  expect(await screen.findByText('There was an error linking your account.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: T.reload })).toHaveAttribute('href', '/link/subscribestar');
  expect(currentLocation()).toBe('/link/subscribestar');
  expect(linkCalls()).toHaveLength(1);
});

it('shows the server’s words with an error answer', async () => {
  open('/link/subscribestar?code=old', { 'GET /link/subscribestar/oauth': { body: { status: 'error', message: 'This SubscribeStar code was already used. Connect again.' } } });
  expect(await screen.findByText('There was an error linking your account.')).toBeInTheDocument();
  expect(screen.getByText('This SubscribeStar code was already used. Connect again.')).toBeInTheDocument();
});

describe('a transient link', () => {
  it('is linking, asked again, then linked', async () => {
    open(`/link/subscribestar/${MOCK_TRANSIENT_LINKS.linked}`);
    expect(screen.getByRole('status', { name: T.linking })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: T.successTitle })).toBeInTheDocument();
    expect(fake!.callsTo(`GET /link/subscribestar/${MOCK_TRANSIENT_LINKS.linked}`)).toHaveLength(2);
    expect(linkCalls()).toEqual([]);
  });

  it('has no active pledge', async () => {
    open(`/link/subscribestar/${MOCK_TRANSIENT_LINKS.noPledge}`);
    expect(await screen.findByRole('heading', { name: 'No active pledge found' })).toBeInTheDocument();
  });

  it('fails with the reload link to itself', async () => {
    open(`/link/subscribestar/${MOCK_TRANSIENT_LINKS.unknown}`);
    expect(await screen.findByText('There was an error linking your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.reload })).toHaveAttribute('href', `/link/subscribestar/${MOCK_TRANSIENT_LINKS.unknown}`);
  });
});
