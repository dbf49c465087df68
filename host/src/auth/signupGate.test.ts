import { deploymentFixture } from '@fable/shared/testing';
import type { SessionUser } from '@fable/shared';
import { slotFillers } from '../remotes/shellRemotes';
import { shellRemotesFixture } from '../testing/shellRemotes';
import { signupGate, type SignupGateInput } from './signupGate';

// The account remote's signup slot, as its remote.json publishes it.
const paths = slotFillers(shellRemotesFixture(deploymentFixture()), 'signup')[0]!.fill;

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  avatarUrl: null,
  tier: 'free',
  roles: [],
  email: 'ada@example.com',
  ...overrides,
});

const gate = (overrides: Partial<SignupGateInput>) =>
  signupGate({ status: 'authenticated', user: user(), pathname: '/', partnerMode: false, onboardingV2: false, paths, ...overrides });

describe('sign-up gating (document 1 §4)', () => {
  it('leaves guests, the loading state and complete users alone', () => {
    expect(gate({ status: 'guest', user: null })).toEqual({ kind: 'none' });
    expect(gate({ status: 'loading', user: null })).toEqual({ kind: 'none' });
    expect(gate({})).toEqual({ kind: 'none' });
  });

  it('sends a user without a username to /signup', () => {
    expect(gate({ user: user({ username: null }), pathname: '/chats' })).toEqual({ kind: 'redirect', to: '/signup' });
    expect(gate({ user: user({ username: null }), pathname: '/signup' })).toEqual({ kind: 'none' });
  });

  it('leaves them on home, which shows its username-setup prompt, where onboarding v2 is off', () => {
    expect(gate({ user: user({ username: null }), pathname: '/' })).toEqual({ kind: 'none' });
    expect(gate({ user: user({ username: null }), pathname: '/', onboardingV2: true })).toEqual({ kind: 'onboarding' });
  });

  it('lets them read the legal pages the form links to', () => {
    expect(gate({ user: user({ username: null }), pathname: '/terms' })).toEqual({ kind: 'none' });
    expect(gate({ user: user({ username: null }), pathname: '/guidelines' })).toEqual({ kind: 'none' });
  });

  it('opens the onboarding modal instead when onboarding_v2 is on', () => {
    expect(gate({ user: user({ username: null }), onboardingV2: true, pathname: '/chats' })).toEqual({ kind: 'onboarding' });
  });

  it('sends partner users to the external signup', () => {
    expect(gate({ user: user({ username: null }), partnerMode: true })).toEqual({ kind: 'redirect', to: '/external/signup' });
    expect(gate({ user: user({ username: null }), partnerMode: true, onboardingV2: true })).toEqual({ kind: 'redirect', to: '/external/signup' });
    expect(gate({ user: user({ username: null }), partnerMode: true, pathname: '/external/signup' })).toEqual({ kind: 'none' });
  });

  it('sends an invalid user to /user-not-found, whatever else', () => {
    expect(gate({ user: user({ isInvalid: true, username: null }) })).toEqual({ kind: 'redirect', to: '/user-not-found' });
    expect(gate({ user: user({ isInvalid: true }), pathname: '/user-not-found' })).toEqual({ kind: 'none' });
  });

  it('sends a private-relay account with a username to /update-email', () => {
    const relay = user({ email: 'x1y2@privaterelay.appleid.com' });
    expect(gate({ user: relay, pathname: '/chats' })).toEqual({ kind: 'redirect', to: '/update-email' });
    expect(gate({ user: relay, pathname: '/update-email' })).toEqual({ kind: 'none' });
    // Without a username, sign-up comes first (it asks for the email too).
    expect(gate({ user: { ...relay, username: null }, pathname: '/chats' })).toEqual({ kind: 'redirect', to: '/signup' });
  });

  it('gates nobody where no remote serves sign-up (the account remote is left out)', () => {
    expect(gate({ user: user({ username: null }), pathname: '/chats', paths: null })).toEqual({ kind: 'none' });
  });
});
