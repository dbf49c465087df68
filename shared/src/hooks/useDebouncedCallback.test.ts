import { act, renderHook } from '@testing-library/react';
import { useDebouncedCallback } from './useDebouncedCallback';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedCallback', () => {
  it('calls once with the last arguments after calls stop', () => {
    const spy = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(spy, 2000));
    act(() => {
      result.current('a');
      result.current('b');
    });
    act(() => jest.advanceTimersByTime(1999));
    expect(spy).not.toHaveBeenCalled();
    expect(result.current.isPending()).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('b');
    expect(result.current.isPending()).toBe(false);
  });

  it('keeps the same function across renders and calls the latest callback', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { result, rerender } = renderHook(({ cb }) => useDebouncedCallback(cb, 100), { initialProps: { cb: first } });
    const fn = result.current;
    act(() => fn(1));
    rerender({ cb: second });
    expect(result.current).toBe(fn);
    act(() => jest.advanceTimersByTime(100));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(1);
  });

  it('cancels and flushes', () => {
    const spy = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(spy, 100));
    act(() => result.current('x'));
    act(() => result.current.cancel());
    act(() => jest.advanceTimersByTime(500));
    expect(spy).not.toHaveBeenCalled();
    act(() => result.current('y'));
    act(() => result.current.flush());
    expect(spy).toHaveBeenCalledWith('y');
    act(() => result.current.flush());
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('drops a pending call on unmount, or runs it with flushOnUnmount', () => {
    const dropped = jest.fn();
    const kept = jest.fn();
    const a = renderHook(() => useDebouncedCallback(dropped, 100));
    const b = renderHook(() => useDebouncedCallback(kept, 100, { flushOnUnmount: true }));
    act(() => {
      a.result.current('x');
      b.result.current('y');
    });
    a.unmount();
    b.unmount();
    act(() => jest.advanceTimersByTime(500));
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledWith('y');
  });
});
