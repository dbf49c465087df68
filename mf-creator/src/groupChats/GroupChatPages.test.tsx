import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHARACTER_MESSAGES as CM, permissionsFor, type Permission } from '@fable/contracts';
import { deploymentFixture } from '@fable/shared/testing';
import { deploymentLoaded, Link, useLocation } from '@fable/shared';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { createGroup, mine, othersPublic, withStatus } from './groupChatTesting';
import { CreateGroupChatPage, EditGroupChatPage } from './GroupChatPages';
import { readProgress, writeProgress } from './groupChatProgress';
import { emptyGroupChat } from './groupChatValues';
import { MembersPage } from './MembersPage';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

function GroupChatPageAt({ pathname }: { pathname: string }) {
  if (pathname === '/groupchat/create/members') return <MembersPage />;
  if (pathname.startsWith('/groupchat/edit')) return <EditGroupChatPage />;
  return <CreateGroupChatPage />;
}
/** The group chat pages by address, as the host routes them, and a link elsewhere (the shell's navigation). */
function GroupChatRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <GroupChatPageAt pathname={pathname} />
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}
const PATHS = ['/groupchat/create', '/groupchat/create/members', '/groupchat/edit', '/groupchat/edit/:characterId'];

// Ada's chatbots (the mock lists her own newest first) and a favourite of hers by another creator.
const CHATBOTS = [
  mine('zed', 'Zed', withStatus('pending')),
  mine('shy', 'Shy', { visibility: 'private' }),
  mine('rhea', 'Rhea'),
  othersPublic('wanderer', 'Wanderer'),
  othersPublic('stranger', 'Stranger'),
];

function render(url: string, { characters = CHATBOTS, permissions }: { characters?: typeof CHATBOTS; permissions?: Permission[] } = {}) {
  const result = renderCreator(<GroupChatRoutes />, { url, path: PATHS, seed: { characters }, permissions });
  result.fake.db.favorites.add('u1:wanderer');
  return result;
}

/** Renders nothing of ours, makes a group through the mock API, then opens `url`. */
async function renderWithGroup(url: (id: string) => string, body: Parameters<typeof createGroup>[1], setup: Parameters<typeof render>[1] = {}) {
  const result = render('/elsewhere', setup);
  const group = await createGroup(result.fake, body);
  await act(async () => {
    await result.router.navigate(url(group.id));
  });
  return { ...result, group };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const dialog = () => screen.getByRole('dialog');
const optionNames = () => within(screen.getByRole('list', { name: 'Chatbots you can add' })).getAllByRole('checkbox').map((box) => box.closest('label')!.querySelector('.option-name')!.textContent);

async function pickMembers(...names: string[]) {
  await userEvent.click(screen.getByRole('button', { name: /Chatbots$/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose Chatbots' })).toBeInTheDocument();
  for (const name of names) await userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(`^${name}`) }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('heading', { level: 1, name: /Groupchat$/ });
}

describe('creating a group chat', () => {
  it('says what is missing: a name, and members', async () => {
    const { fake } = render('/groupchat/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Groupchat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Groupchat' }));
    expect(await screen.findByText(CM.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Groups require at least 2 chatbots to function properly.')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();
    expect(fake.callsTo('POST /groupchats')).toHaveLength(0);
  });

  it('goes to the members page and back with the selection, keeping what was typed; the members can be removed', async () => {
    render('/groupchat/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Crew');
    await userEvent.click(screen.getByRole('button', { name: 'Add Chatbots' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Chatbots' })).toBeInTheDocument();
    expect(location()).toBe('/groupchat/create/members');
    // Own first, then the others.
    await waitFor(() => expect(optionNames()).toEqual(['Rhea', 'Shy', 'Zed', 'Wanderer']));
    expect(screen.getByText('0/10 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Rhea/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Wanderer/ }));
    expect(screen.getByText('2/10 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Groupchat' })).toBeInTheDocument();
    expect(location()).toBe('/groupchat/create');
    expect(field('Name')).toHaveValue('Crew');
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem').map((li) => li.querySelector('.member-name')!.textContent)).toEqual(['Rhea', 'Wanderer']);
    expect(screen.getByText('2/10')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rhea' }));
    expect(within(members).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add / Remove Chatbots' })).toBeInTheDocument();
  });

  it('keeps the members page\'s selection through a reload of the form', async () => {
    writeProgress('u1', { characterId: null, returnTo: '/groupchat/create', values: { ...emptyGroupChat(), name: 'Kept', members: [{ id: 'rhea', name: 'Rhea', avatar_url: null }] } });
    render('/groupchat/create');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Kept');
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Rhea')).toBeInTheDocument();
  });

  it('asks "Minimum Chatbots Required" with one member: Cancel stays, Save anyway creates it and opens its chat', async () => {
    const { fake, store } = render('/groupchat/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Solo');
    await pickMembers('Rhea');
    await userEvent.click(screen.getByRole('button', { name: 'Create Groupchat' }));
    expect(await screen.findByRole('heading', { name: 'Minimum Chatbots Required' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Groups require at least 2 chatbots to function properly.')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo('POST /groupchats')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Create Groupchat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(location()).toBe('/chat/group-new-1'));
    expect(fake.callsTo('POST /groupchats')[0]?.body).toEqual({ name: 'Solo', visibility: 'private', sub_character_ids: ['rhea'], tags: [] });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Groupchat created' });
    expect(readProgress('u1')).toBeNull();
  });

  it('creates a public group of two at once, tags and title with it', async () => {
    const { fake } = render('/groupchat/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Crew');
    await userEvent.type(field('Title'), 'On deck');
    await userEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adventure' }));
    await pickMembers('Rhea', 'Zed');
    await userEvent.click(screen.getByRole('button', { name: 'Create Groupchat' }));
    await waitFor(() => expect(location()).toBe('/chat/group-new-1'));
    expect(fake.callsTo('POST /groupchats')[0]?.body).toEqual({ name: 'Crew', title: 'On deck', visibility: 'public', sub_character_ids: ['rhea', 'zed'], tags: ['Adventure'] });
  });

  it('says under the members when a public group would hold a private chatbot, before asking the API', async () => {
    const { fake } = render('/groupchat/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Crew');
    await pickMembers('Rhea', 'Shy');
    await userEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Not public')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Groupchat' }));
    expect(await screen.findByText('A public groupchat can only have public chatbots: remove Shy or make the group private.')).toBeInTheDocument();
    expect(fake.callsTo('POST /groupchats')).toHaveLength(0);
  });

  it('asks before leaving with changes; Discard leaves', async () => {
    render('/groupchat/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Crew');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Unsaved Changes' })).toBeInTheDocument();
    expect(within(dialog()).getByText('You have unsaved changes')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('is the 404 page where the deployment turns group chats off', async () => {
    const { store } = render('/groupchat/create');
    act(() => void store.dispatch(deploymentLoaded(deploymentFixture({ flags: { lorebook: true } }))));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('the members page', () => {
  it('at 10 members offers no 11th (disabled, the limit said), and Cancel goes back with nothing changed', async () => {
    const bots = Array.from({ length: 11 }, (_, i) => mine(`bot-${i}`, `Bot ${String(i).padStart(2, '0')}`));
    const ten = bots.slice(0, 10).map((o) => ({ id: o.id, name: o.name, avatar_url: null }));
    writeProgress('u1', { characterId: null, returnTo: '/groupchat/create', values: { ...emptyGroupChat(), name: 'Big', members: ten } });
    const { store } = render('/groupchat/create/members', { characters: bots });
    const eleventh = await screen.findByRole('checkbox', { name: /^Bot 10/ });
    expect(screen.getByText('10/10 selected')).toBeInTheDocument();
    expect(eleventh).toBeDisabled();
    expect(screen.getByText("You can't add more than 10 chatbots.")).toHaveAttribute('role', 'status');
    await userEvent.click(eleventh);
    expect(eleventh).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Bot 00/ }));
    expect(screen.getByText('9/10 selected')).toBeInTheDocument();
    expect(eleventh).toBeEnabled();
    expect(screen.queryByText("You can't add more than 10 chatbots.")).not.toBeInTheDocument();
    expect(toasts(store)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Big');
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('offers only public chatbots to a public group, and searches by name (others\' public chatbots too)', async () => {
    writeProgress('u1', { characterId: null, returnTo: '/groupchat/create', values: { ...emptyGroupChat(), visibility: 'public' } });
    const { fake } = render('/groupchat/create/members');
    const shy = await screen.findByRole('checkbox', { name: /^Shy/ });
    expect(shy).toBeDisabled();
    expect(screen.getByText('Private chatbots cannot join a public group chat.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'er{Enter}');
    await waitFor(() => expect(optionNames()).toEqual(['Wanderer', 'Stranger']));
    expect(screen.getAllByText('by @bo')).toHaveLength(2);
    expect(fake.callsTo('GET /groupchats/member-options').at(-1)?.query).toEqual({ query: 'er' });
    // The data-source dropdown: My Chatbots leaves the others' chatbots out (both are @bo's), Explore brings them back.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'My Chatbots');
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Explore');
    expect(optionNames()).toEqual(['Wanderer', 'Stranger']);
  });

  it('says when nothing matches, and when the chatbots could not be loaded', async () => {
    const { fake } = render('/groupchat/create/members', { characters: [] });
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    fake.override({ 'GET /groupchats/member-options': { status: 500, body: { error: { code: 'internal_error', message: 'boom' } } } });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'x{Enter}');
    expect(await screen.findByText('The chatbots could not be loaded.')).toBeInTheDocument();
  });
});

describe('editing a group chat', () => {
  const crew = { name: 'Crew', title: 'On deck', sub_character_ids: ['rhea', 'zed'] };
  const at = (id: string) => `/groupchat/edit/${id}`;

  it('opens the saved group, Save off until something changes, and sends only that', async () => {
    const { fake, store, group } = await renderWithGroup(at, crew);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Groupchat' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Crew');
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Under Review')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Below deck');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(location()).toBe('/my-chatbots/groupchats'));
    expect(fake.callsTo(`PATCH /groupchats/${group.id}`)[0]?.body).toEqual({ title: 'Below deck' });
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Groupchat saved' });
  });

  it('changes the members through the members page, which starts from the group\'s (address with ?id=)', async () => {
    const { fake, group } = await renderWithGroup((id) => `/groupchat/edit?id=${id}`, crew);
    await screen.findByRole('heading', { level: 1, name: 'Edit Groupchat' });
    await userEvent.click(screen.getByRole('button', { name: 'Add / Remove Chatbots' }));
    expect(await screen.findByRole('checkbox', { name: /^Rhea/ })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Rhea/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Wanderer/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit Groupchat' });
    expect(location()).toBe(at(group.id));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/my-chatbots/groupchats'));
    expect(fake.callsTo(`PATCH /groupchats/${group.id}`)[0]?.body).toEqual({ sub_character_ids: ['zed', 'wanderer'] });
  });

  it('names the member the API refuses, under the members (a private chatbot in a group made public)', async () => {
    const { fake, group } = await renderWithGroup(at, { name: 'Quiet', sub_character_ids: ['rhea', 'shy'] });
    await screen.findByRole('heading', { level: 1, name: 'Edit Groupchat' });
    await userEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shy: A public group chat can only hold public chatbots. Make the group private or remove this chatbot.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add / Remove Chatbots' })).toHaveFocus();
    expect(fake.callsTo(`PATCH /groupchats/${group.id}`)[0]?.body).toEqual({ visibility: 'public' });
    expect(location()).toBe(at(group.id));
  });

  it('saves from the Unsaved Changes dialog (Update), then goes where the member was going', async () => {
    const { fake, group } = await renderWithGroup(at, crew);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 's');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(fake.callsTo(`PATCH /groupchats/${group.id}`)[0]?.body).toEqual({ name: 'Crews' });
  });

  it('deletes the group after a confirmation', async () => {
    const { fake, store, group } = await renderWithGroup(at, crew);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Groupchat' }));
    expect(within(dialog()).getByText('Delete "Crew"? Its chats go with it, and this cannot be undone. Its chatbots stay.')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/my-chatbots/groupchats'));
    expect(fake.callsTo(`DELETE /characters/${group.id}`)).toHaveLength(1);
    expect(fake.db.characters.has(group.id)).toBe(false);
    expect(toasts(store)).toContainEqual({ type: 'success', message: 'Groupchat deleted' });
  });

  it('shows the "Restricted!" modal instead to a member who may not delete', async () => {
    const { fake, group } = await renderWithGroup(at, crew, { permissions: permissionsFor('free').filter((p) => p !== 'delete_character') });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Groupchat' }));
    expect(await screen.findByRole('heading', { name: 'Restricted!' })).toBeInTheDocument();
    expect(fake.callsTo(`DELETE /characters/${group.id}`)).toHaveLength(0);
  });

  it('tells anyone but its creator they may not', async () => {
    const theirs = othersPublic('their-group', 'Their Group');
    render(at('their-group'), { characters: [...CHATBOTS, { ...theirs, type: 'group' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not allowed to access this page' })).toBeInTheDocument();
  });

  it('is the 404 page for a group that does not exist', async () => {
    render(at('nope'));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('is the 404 page for a chatbot\'s id', async () => {
    render(at('rhea'));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('is the 404 page without an id', async () => {
    render('/groupchat/edit');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
