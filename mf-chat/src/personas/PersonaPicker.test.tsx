import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Persona } from '@fable/contracts';
import { AppProviders } from '@fable/shared';
import type { ReactNode } from 'react';
import { location, renderChatRemote } from '../testing/renderChatRemote';
import { PersonaPicker } from './PersonaPicker';
import { PERSONA_PICKER_DONT_SHOW_KEY, useShouldPickPersona } from './useShouldPickPersona';

const persona = (id: string, overrides: Partial<Persona> = {}): Persona => ({
  id,
  name: `Persona ${id}`,
  avatar_url: null,
  highlights: `Highlights of ${id}`,
  is_default: false,
  ...overrides,
});

const PERSONAS = { body: { personas: [persona('p1', { name: 'Rook' }), persona('p2', { name: 'Queen', is_default: true, highlights: 'Rules the board' })] } };

function renderPicker(onChoose = jest.fn()) {
  const result = renderChatRemote(<PersonaPicker botName="Aria" open onChoose={onChoose} onClose={jest.fn()} />, {
    member: true,
    handlers: { 'GET /personas': PERSONAS },
  });
  return { ...result, onChoose };
}

it('asks who chats with the bot, default persona first and preselected, with its badge and highlights', async () => {
  renderPicker();
  const dialog = screen.getByRole('dialog', { name: 'Who is going to chat with Aria' });
  const radios = await within(dialog).findAllByRole('radio');
  expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['QQueenDefaultRules the board', 'RRookHighlights of p1']);
  expect(radios[0]).toBeChecked();
  expect(within(dialog).getByRole('link', { name: 'Manage Personas' })).toHaveAttribute('href', '/personas');
});

it('chats with the chosen persona', async () => {
  const { onChoose } = renderPicker();
  await userEvent.click(await screen.findByRole('radio', { name: /Rook/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Chat with Aria' }));
  expect(onChoose).toHaveBeenCalledWith('p1');
  expect(window.localStorage.getItem(PERSONA_PICKER_DONT_SHOW_KEY)).toBeNull();
});

it('searches by name and highlights', async () => {
  renderPicker();
  await screen.findByRole('radio', { name: /Rook/ });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'board');
  await waitFor(() => expect(screen.queryByRole('radio', { name: /Rook/ })).not.toBeInTheDocument());
  expect(screen.getByRole('radio', { name: /Queen/ })).toBeInTheDocument();
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Search personas' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'zzz');
  expect(await screen.findByText('No persona matches your search.')).toBeInTheDocument();
});

it('remembers "Don\'t show this again" on the device when the user chats', async () => {
  const { onChoose } = renderPicker();
  await screen.findByRole('radio', { name: /Rook/ });
  await userEvent.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
  expect(window.localStorage.getItem(PERSONA_PICKER_DONT_SHOW_KEY)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Chat with Aria' }));
  expect(onChoose).toHaveBeenCalledWith('p2');
  expect(window.localStorage.getItem(PERSONA_PICKER_DONT_SHOW_KEY)).toBe('true');
});

it('goes to the personas page from Manage Personas', async () => {
  renderPicker();
  await userEvent.click(screen.getByRole('link', { name: 'Manage Personas' }));
  expect(location()).toBe('/personas');
});

describe('useShouldPickPersona', () => {
  function hook(setup: Parameters<typeof renderChatRemote>[1]) {
    const { store } = renderChatRemote(<p />, setup);
    const wrapper = ({ children }: { children: ReactNode }) => <AppProviders store={store}>{children}</AppProviders>;
    return renderHook(() => useShouldPickPersona(), { wrapper });
  }

  it('is true for members with more than one persona', async () => {
    const { result } = hook({ member: true, handlers: { 'GET /personas': PERSONAS } });
    expect(result.current).toEqual({ shouldPick: false, loading: true });
    await waitFor(() => expect(result.current).toEqual({ shouldPick: true, loading: false }));
  });

  it('is false with one persona, for guests, and after "Don\'t show this again"', async () => {
    const one = hook({ member: true, handlers: { 'GET /personas': { body: { personas: [persona('p1')] } } } });
    await waitFor(() => expect(one.result.current).toEqual({ shouldPick: false, loading: false }));
    one.unmount();
    expect(hook({}).result.current).toEqual({ shouldPick: false, loading: false });
    const { store } = renderChatRemote(<p />, { member: true, handlers: { 'GET /personas': PERSONAS } });
    window.localStorage.setItem(PERSONA_PICKER_DONT_SHOW_KEY, 'true');
    const wrapper = ({ children }: { children: ReactNode }) => <AppProviders store={store}>{children}</AppProviders>;
    expect(renderHook(() => useShouldPickPersona(), { wrapper }).result.current).toEqual({ shouldPick: false, loading: false });
  });
});
