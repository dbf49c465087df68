import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { useStickToBottom } from './useStickToBottom';

// jsdom has no layout: the chat's bottom edge (relative to the viewport) is set by the test, and scrolling it into
// view is recorded.
let chatBottom = 0;
const scrolled: unknown[] = [];

function Chat({ ready, content }: { ready: boolean; content: number }) {
  const ref = useRef<HTMLElement>(null);
  useStickToBottom(ref, ready, String(content));
  return (
    <section
      ref={(el) => {
        ref.current = el;
        if (!el) return;
        el.getBoundingClientRect = () => ({ bottom: chatBottom }) as DOMRect;
        el.scrollIntoView = (arg) => {
          scrolled.push(arg);
          chatBottom = window.innerHeight;
        };
      }}
    />
  );
}

beforeEach(() => {
  scrolled.length = 0;
  chatBottom = window.innerHeight + 2000;
});

it('opens at the newest message (the end of the chat) once the conversation is shown', () => {
  const { rerender } = render(<Chat ready={false} content={1} />);
  expect(scrolled).toHaveLength(0);
  rerender(<Chat ready content={1} />);
  expect(scrolled).toEqual([{ block: 'end' }]);
});

it('follows new content while the reader is at the end, and leaves a reader who scrolled up where they are', () => {
  const { rerender } = render(<Chat ready content={1} />);
  chatBottom += 100; // a reply grew
  rerender(<Chat ready content={2} />);
  expect(scrolled).toHaveLength(2);

  chatBottom = window.innerHeight + 900; // the reader scrolled up to older messages
  fireEvent.scroll(window);
  rerender(<Chat ready content={3} />);
  expect(scrolled).toHaveLength(2);

  chatBottom = window.innerHeight + 40; // back near the end
  fireEvent.scroll(window);
  rerender(<Chat ready content={4} />);
  expect(scrolled).toHaveLength(3);
});
