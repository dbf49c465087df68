import { GUEST_PERMISSIONS, permissionsFor } from '@fable/contracts';
import { deploymentFixture, partnerFixture } from '@fable/shared/testing';
import type { Deployment, Permission } from '@fable/contracts';
import { shellRemotesFixture } from '../testing/shellRemotes';
import { navItems } from './navEntries';

/** The navigation of a deployment's remotes, as their remote.json files publish it. */
const ctx = (deployment: Deployment, rest: { permissions: readonly Permission[]; signedIn: boolean }) => ({ deployment, remotes: shellRemotesFixture(deployment), ...rest });

const member = permissionsFor('free');

describe('side navigation', () => {
  it('lists the spec entries in order for a signed-in member of the main brand', () => {
    const labels = navItems('side', ctx(deploymentFixture(), { permissions: member, signedIn: true })).map((i) => i.label);
    expect(labels).toEqual(['Home', 'Chats', 'My Personas', 'Create', 'My Chatbots', 'Favorites', 'Recommendations', 'Leaderboard', 'Blocked Creators', 'Subscribe', 'Help']);
  });

  it('turns Create Chatbot into a Create dropdown only when lorebook or groupchat is on', () => {
    const withFlags = navItems('side', ctx(deploymentFixture(), { permissions: member, signedIn: true }));
    expect(withFlags.find((i) => i.id === 'create')?.children?.map((c) => `${c.label}${c.badge ? ` [${c.badge}]` : ''}`)).toEqual([
      'Chatbot',
      'Lorebook [New]',
      'Groupchat [New]',
    ]);
    const plain = navItems('side', ctx(deploymentFixture({ flags: {} }), { permissions: member, signedIn: true }));
    expect(plain.find((i) => i.id === 'create')).toMatchObject({ label: 'Create Chatbot', to: '/chatbot/create' });
    expect(plain.find((i) => i.id === 'create')?.children).toBeUndefined();
  });

  it('hides Blocked Creators from guests, the leaderboard off the main brand and gated entries without permission', () => {
    const guest = navItems('side', ctx(deploymentFixture({ kind: 'sister' }), { permissions: GUEST_PERMISSIONS, signedIn: false }));
    const labels = guest.map((i) => i.label);
    expect(labels).not.toContain('Blocked Creators');
    expect(labels).not.toContain('Leaderboard');
    expect(labels).not.toContain('Create');
    expect(labels).toContain('Chats');
  });

  it('is empty in partner mode', () => {
    expect(navItems('side', ctx(partnerFixture(), { permissions: member, signedIn: true }))).toEqual([]);
  });

  it('leaves out the entries of disabled remotes', () => {
    const deployment = deploymentFixture({ partner: { enabled: false, hiddenFeatures: [] }, remotes: { ...partnerFixture().remotes } });
    const labels = navItems('side', ctx(deployment, { permissions: member, signedIn: true })).map((i) => i.label);
    expect(labels).not.toContain('Subscribe');
    expect(labels).not.toContain('My Chatbots');
    expect(labels).toContain('Favorites');
  });
});

describe('top navigation', () => {
  it('shows each entry only with its permission and groups My Chatbots', () => {
    const items = navItems('top', ctx(deploymentFixture(), { permissions: member, signedIn: true }));
    expect(items.map((i) => i.label)).toEqual(['Chats', 'Create Chatbot', 'My Chatbots', 'My Personas', 'Help']);
    expect(items.find((i) => i.label === 'My Chatbots')?.children?.map((c) => c.label)).toEqual([
      'My Chatbots',
      'Favorite Chatbots',
      'Blocked Creators',
    ]);
  });

  it('shows nothing a user holds no permission for', () => {
    expect(navItems('top', ctx(partnerFixture(), { permissions: [], signedIn: false }))).toEqual([]);
  });

  it('opens Help as an external support link', () => {
    const help = navItems('top', ctx(deploymentFixture(), { permissions: ['view_help'], signedIn: false }));
    expect(help).toEqual([{ id: 'help', label: 'Help', to: 'mailto:support@fable.example', external: true }]);
  });
});
