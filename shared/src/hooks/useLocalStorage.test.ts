import { act, renderHook } from '@testing-library/react';
import { readLocalStorage, writeLocalStorage } from './localStorageValue';
import { useLocalStorage } from './useLocalStorage';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('useLocalStorage', () => {
  it('starts with the initial value and stores JSON', () => {
    const { result } = renderHook(() => useLocalStorage('t-basic', { nsfw: false }));
    expect(result.current[0]).toEqual({ nsfw: false });
    act(() => result.current[1]({ nsfw: true }));
    expect(result.current[0]).toEqual({ nsfw: true });
    expect(window.localStorage.getItem('t-basic')).toBe('{"nsfw":true}');
  });

  it('reads what is already stored', () => {
    window.localStorage.setItem('t-read', '[1,2]');
    const { result } = renderHook(() => useLocalStorage<number[]>('t-read', []));
    expect(result.current[0]).toEqual([1, 2]);
  });

  it('takes an updater and composes successive updates', () => {
    const { result } = renderHook(() => useLocalStorage('t-count', 0));
    act(() => {
      result.current[1]((n) => n + 1);
      result.current[1]((n) => n + 1);
    });
    expect(result.current[0]).toBe(2);
  });

  it('removes the key and falls back to the initial value', () => {
    const { result } = renderHook(() => useLocalStorage('t-remove', 'open'));
    act(() => result.current[1]('closed'));
    act(() => result.current[2]());
    expect(result.current[0]).toBe('open');
    expect(window.localStorage.getItem('t-remove')).toBeNull();
  });

  it('ignores stored text that is not JSON', () => {
    window.localStorage.setItem('t-bad', '{not json');
    const { result } = renderHook(() => useLocalStorage('t-bad', 'fallback'));
    expect(result.current[0]).toBe('fallback');
  });

  it('shares the value between components and with other tabs', () => {
    const a = renderHook(() => useLocalStorage('t-shared', 1));
    const b = renderHook(() => useLocalStorage('t-shared', 1));
    act(() => a.result.current[1](5));
    expect(b.result.current[0]).toBe(5);
    act(() => {
      window.localStorage.setItem('t-shared', '9');
      window.dispatchEvent(new StorageEvent('storage', { key: 't-shared' }));
    });
    expect(a.result.current[0]).toBe(9);
    expect(b.result.current[0]).toBe(9);
  });

  it('keeps working in memory when storage throws', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useLocalStorage('t-throws', 'a'));
    expect(result.current[0]).toBe('a');
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('b');
    expect(readLocalStorage('t-throws', 'none')).toBe('b');
  });

  it('goes back to storage once a write succeeds again', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeLocalStorage('t-recover', 1);
    expect(window.localStorage.getItem('t-recover')).toBeNull();
    expect(readLocalStorage('t-recover', 0)).toBe(1);
    setItem.mockRestore();
    writeLocalStorage('t-recover', 2);
    expect(window.localStorage.getItem('t-recover')).toBe('2');
    expect(readLocalStorage('t-recover', 0)).toBe(2);
  });

  it('does not store values JSON cannot hold', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    writeLocalStorage('t-circular', circular);
    expect(window.localStorage.getItem('t-circular')).toBeNull();
  });
});
