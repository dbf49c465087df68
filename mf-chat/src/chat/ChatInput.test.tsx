import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '@fable/shared/testing';
import { ChatInput } from './ChatInput';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

function Harness({ userAgent, onSend, streaming = false, onStop = () => {} }: { userAgent: string; onSend: (t: string) => void; streaming?: boolean; onStop?: () => void }) {
  const [value, setValue] = useState('');
  return <ChatInput value={value} onChange={setValue} onSend={onSend} onStop={onStop} streaming={streaming} placeholder="Message Mira…" userAgent={userAgent} />;
}

it('sends on Enter on desktop', async () => {
  const onSend = jest.fn();
  renderWithProviders(<Harness userAgent={DESKTOP} onSend={onSend} />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Message Mira…' }), 'Hi{Enter}');
  expect(onSend).toHaveBeenCalledWith('Hi');
});

it('types a new line on Enter on a mobile user agent; the send button sends', async () => {
  const onSend = jest.fn();
  renderWithProviders(<Harness userAgent={IPHONE} onSend={onSend} />);
  const box = screen.getByRole('textbox', { name: 'Message Mira…' });
  await userEvent.type(box, 'Hi{Enter}there');
  expect(onSend).not.toHaveBeenCalled();
  expect(box).toHaveValue('Hi\nthere');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).toHaveBeenCalledWith('Hi\nthere');
});

it('caps the text area at 188 px', () => {
  renderWithProviders(<Harness userAgent={DESKTOP} onSend={() => {}} />);
  expect(getComputedStyle(screen.getByRole('textbox', { name: 'Message Mira…' })).maxHeight).toBe('188px');
});

it('shows Stop instead of Send while a reply streams', async () => {
  const onStop = jest.fn();
  renderWithProviders(<Harness userAgent={DESKTOP} onSend={() => {}} streaming onStop={onStop} />);
  await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
  expect(onStop).toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
});
