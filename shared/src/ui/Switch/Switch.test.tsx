import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Switch } from './Switch';

function Controlled({ refuse = false }: { refuse?: boolean }) {
  const [on, setOn] = useState(false);
  return <Switch label="NSFW" checked={on} onChange={(next) => !refuse && setOn(next)} />;
}

describe('Switch', () => {
  it('is a switch named by its label that asks for the other value', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Controlled />);
    const sw = screen.getByRole('switch', { name: 'NSFW' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    sw.focus();
    await user.keyboard(' ');
    expect(sw).toHaveAttribute('aria-checked', 'false');
  });

  it('stays as it is when the owner refuses the change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Controlled refuse />);
    await user.click(screen.getByRole('switch', { name: 'NSFW' }));
    expect(screen.getByRole('switch', { name: 'NSFW' })).toHaveAttribute('aria-checked', 'false');
  });

  it('takes an aria-label when it has no visible label', () => {
    const onChange = jest.fn();
    renderWithProviders(<Switch aria-label="Dark mode" checked onChange={onChange} disabled />);
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeDisabled();
  });
});
