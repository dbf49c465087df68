import type { Permission } from '@fable/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { becameGuest, signedIn } from '../session/sessionSlice';
import { createStore, type AppStore } from '../store/store';
import { hasPermissions, usePermission } from './usePermission';

function wrapperFor(store: AppStore) {
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const user = { id: 'u1', username: 'ann', name: 'Ann', avatarUrl: null, tier: 'free' as const, roles: [] };

describe('usePermission', () => {
  it('is false while permissions are not loaded', () => {
    const store = createStore();
    const { result } = renderHook(() => usePermission('view_chats'), { wrapper: wrapperFor(store) });
    expect(result.current).toBe(false);
  });

  it('follows the session permissions in the store', () => {
    const store = createStore();
    const { result } = renderHook(() => usePermission('create_character'), { wrapper: wrapperFor(store) });
    act(() => {
      store.dispatch(becameGuest({ guestUserId: 'g1', permissions: ['view_chats'] }));
    });
    expect(result.current).toBe(false);
    act(() => {
      store.dispatch(signedIn({ user, permissions: ['view_chats', 'create_character'] }));
    });
    expect(result.current).toBe(true);
  });

  it('requires every permission of a list', () => {
    const store = createStore();
    store.dispatch(signedIn({ user, permissions: ['view_chats', 'memory_manager'] }));
    const { result, rerender } = renderHook(({ p }: { p: readonly Permission[] }) => usePermission(p), {
      wrapper: wrapperFor(store),
      initialProps: { p: ['view_chats', 'memory_manager'] },
    });
    expect(result.current).toBe(true);
    rerender({ p: ['view_chats', 'admin'] });
    expect(result.current).toBe(false);
  });
});

describe('hasPermissions', () => {
  it('checks one permission or all of a list', () => {
    expect(hasPermissions(['admin'], 'admin')).toBe(true);
    expect(hasPermissions([], 'admin')).toBe(false);
    expect(hasPermissions(['admin'], [])).toBe(true);
    expect(hasPermissions(['admin', 'view_help'], ['admin', 'view_help'])).toBe(true);
  });
});
