import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { createTheme } from '../../theme/theme';
import { ConfirmationModal, CONFIRMATION_DEFAULT_ERROR, type ConfirmationModalProps } from './ConfirmationModal';

function setup(props: Partial<ConfirmationModalProps> = {}) {
  const onClose = jest.fn();
  const onConfirm = jest.fn();
  renderWithProviders(
    <ConfirmationModal
      open
      title="Unblock Creator"
      message="Do you want to unblock @ann?"
      confirmLabel="Unblock"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { user: userEvent.setup(), onClose, onConfirm };
}

describe('ConfirmationModal', () => {
  it('shows title and message and is described by the message', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Unblock Creator' });
    expect(dialog).toHaveAccessibleDescription('Do you want to unblock @ann?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('confirms and then closes', async () => {
    const { user, onConfirm, onClose } = setup();
    expect(screen.getByRole('button', { name: 'Unblock' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cancels without confirming', async () => {
    const { user, onConfirm, onClose } = setup({ cancelLabel: 'Keep' });
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('starts on Cancel and uses the danger style when destructive', () => {
    setup({ destructive: true, confirmLabel: 'Delete' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The error colour of the (default, dark) theme.
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveStyle({ backgroundColor: createTheme('dark').colors.error });
  });

  it('waits for an async action, blocking a second click', async () => {
    let resolve!: () => void;
    const onConfirm = jest.fn(() => new Promise<void>((r) => (resolve = r)));
    const { user, onClose } = setup({ onConfirm });
    const confirm = screen.getByRole('button', { name: /Unblock/ });
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    resolve();
    await screen.findByRole('button', { name: 'Unblock' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows the thrown message in red under the message and stays open', async () => {
    const { user, onClose } = setup({
      onConfirm: () => Promise.reject(new Error('Failed to delete chatbot. Please try again.')),
    });
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete chatbot. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a default text when the error has no message', async () => {
    const { user } = setup({
      onConfirm: () => {
        throw new Error('');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMATION_DEFAULT_ERROR);
  });
});
