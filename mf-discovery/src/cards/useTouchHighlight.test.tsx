import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { isInHighlightBand, useTouchHighlight } from './useTouchHighlight';

function Card({ top, height = 200, enabled = true }: { top: () => number; height?: number; enabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const highlighted = useTouchHighlight(ref, { enabled });
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (el) el.getBoundingClientRect = () => ({ top: top(), height, bottom: top() + height, left: 0, right: 100, width: 100, x: 0, y: top(), toJSON: () => ({}) });
      }}
      data-testid="card"
      data-highlighted={highlighted}
    />
  );
}

const highlighted = () => screen.getByTestId('card').getAttribute('data-highlighted');
const scroll = () =>
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
const wait = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('isInHighlightBand (document 1 §2: within 70% of half the viewport height of the screen centre)', () => {
  // Viewport 1000 px: centre 500, band ±350 → card centres from 150 to 850.
  it('takes cards whose centre is within the band', () => {
    expect(isInHighlightBand({ top: 400, height: 200 }, 1000)).toBe(true); // centre 500
    expect(isInHighlightBand({ top: 750, height: 200 }, 1000)).toBe(true); // centre 850, on the edge
    expect(isInHighlightBand({ top: 50, height: 200 }, 1000)).toBe(true); // centre 150, on the edge
  });
  it('leaves cards further away', () => {
    expect(isInHighlightBand({ top: 751, height: 200 }, 1000)).toBe(false);
    expect(isInHighlightBand({ top: 49, height: 200 }, 1000)).toBe(false);
    expect(isInHighlightBand({ top: -500, height: 200 }, 1000)).toBe(false);
  });
});

describe('useTouchHighlight', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('highlights a card in the band after 1.5 s without scrolling', () => {
    render(<Card top={() => 400} />);
    expect(highlighted()).toBe('false');
    wait(1499);
    expect(highlighted()).toBe('false');
    wait(1);
    expect(highlighted()).toBe('true');
  });

  it('drops the highlight on scroll and waits 1.5 s again after the last scroll', () => {
    let top = 400;
    render(<Card top={() => top} />);
    wait(1500);
    expect(highlighted()).toBe('true');
    scroll();
    expect(highlighted()).toBe('false');
    wait(1000);
    scroll(); // still scrolling: the wait starts again
    wait(1000);
    expect(highlighted()).toBe('false');
    wait(500);
    expect(highlighted()).toBe('true');
    top = 900; // scrolled out of the band
    scroll();
    wait(1500);
    expect(highlighted()).toBe('false');
  });

  it('never highlights a card outside the band', () => {
    render(<Card top={() => 2000} />);
    wait(5000);
    expect(highlighted()).toBe('false');
  });

  it('does nothing on devices with a pointer', () => {
    render(<Card top={() => 400} enabled={false} />);
    wait(5000);
    expect(highlighted()).toBe('false');
  });
});
