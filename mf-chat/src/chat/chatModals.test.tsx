import { act, renderHook } from '@testing-library/react';
import { chatModalsReducer, NO_CHAT_MODAL, useChatModals, type ChatModal } from './chatModals';

it('opens one modal at a time, with its props', () => {
  const report = chatModalsReducer(NO_CHAT_MODAL, { type: 'open', modal: { kind: 'report', messageId: 'm2' } });
  expect(report.modal).toEqual({ kind: 'report', messageId: 'm2' });
  const error = chatModalsReducer(report, { type: 'open', modal: { kind: 'error', message: 'Something went wrong!' } });
  expect(error.modal).toEqual({ kind: 'error', message: 'Something went wrong!' });
});

it('closes a kind only when it is the one open', () => {
  const block = chatModalsReducer(NO_CHAT_MODAL, { type: 'open', modal: { kind: 'block' } });
  expect(chatModalsReducer(block, { type: 'close', kind: 'clone' })).toBe(block);
  expect(chatModalsReducer(block, { type: 'close', kind: 'block' }).modal).toBeNull();
});

it('remembers the lazy modals once opened (they stay mounted), not the others', () => {
  let state = NO_CHAT_MODAL;
  for (const modal of [{ kind: 'models' }, { kind: 'title' }, { kind: 'persona' }, { kind: 'models' }] satisfies ChatModal[]) {
    state = chatModalsReducer(state, { type: 'open', modal });
    state = chatModalsReducer(state, { type: 'close', kind: modal.kind });
  }
  expect(state).toEqual({ modal: null, opened: ['models', 'persona'] });
});

it('gives the page the open modal of a kind with its props', () => {
  const { result } = renderHook(() => useChatModals());
  act(() => result.current.open({ kind: 'report', messageId: 'm7' }));
  expect(result.current.openOf('report')?.messageId).toBe('m7');
  expect(result.current.openOf('error')).toBeNull();
  act(() => result.current.open({ kind: 'settings' }));
  expect(result.current.openOf('report')).toBeNull();
  expect(result.current.wasOpened('settings')).toBe(true);
  expect(result.current.wasOpened('memories')).toBe(false);
  act(() => result.current.close('settings'));
  expect(result.current.modal).toBeNull();
});

it('takes no unknown kind and no missing or foreign props (checked by the type check)', () => {
  const modals: ChatModal[] = [
    // @ts-expect-error not a chat modal
    { kind: 'share' },
    // @ts-expect-error a report names its message
    { kind: 'report' },
    // @ts-expect-error the error modal has a message, not a messageId
    { kind: 'error', messageId: 'm1' },
  ];
  expect(modals).toHaveLength(3);
});
