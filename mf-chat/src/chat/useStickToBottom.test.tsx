import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { useStickToBottom } from './useStickToBottom';

/** A scrolling box of `height` px whose content is `content` px tall (jsdom has no layout: the sizes are set). */
function Chat({ ready, content }: { ready: boolean; content: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useStickToBottom(ref, ready, String(content));
  return (
    <div
      data-testid="box"
      style={{ overflowY: 'auto' }}
      ref={(box) => {
        if (!box) return;
        Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => content });
        Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 500 });
      }}
    >
      <div ref={ref} />
    </div>
  );
}

it('opens at the newest message once the conversation is shown', () => {
  const { getByTestId, rerender } = render(<Chat ready={false} content={2000} />);
  expect(getByTestId('box').scrollTop).toBe(0);
  rerender(<Chat ready content={2000} />);
  expect(getByTestId('box').scrollTop).toBe(2000);
});

it('follows new content while the reader is at the bottom, and leaves a reader who scrolled up where they are', () => {
  const { getByTestId, rerender } = render(<Chat ready content={2000} />);
  const box = getByTestId('box');
  rerender(<Chat ready content={2100} />);
  expect(box.scrollTop).toBe(2100);

  box.scrollTop = 300; // reading older messages
  fireEvent.scroll(box);
  rerender(<Chat ready content={2200} />);
  expect(box.scrollTop).toBe(300);

  box.scrollTop = 1650; // back near the bottom (2200 - 1650 - 500 = 50 px left)
  fireEvent.scroll(box);
  rerender(<Chat ready content={2300} />);
  expect(box.scrollTop).toBe(2300);
});
