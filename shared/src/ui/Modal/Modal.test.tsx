import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useRef, useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Button } from '../Button';
import { Modal, type ModalProps } from './Modal';

function Harness(props: Partial<ModalProps> & { withInput?: boolean; useInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const initial = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Update title"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button ref={initial}>Save</Button>
          </>
        }
        initialFocusRef={props.useInitialFocus ? initial : undefined}
        {...props}
      >
        {props.withInput ? <input aria-label="Title" /> : <p>Body text</p>}
      </Modal>
    </>
  );
}

async function openModal(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  renderWithProviders(<Harness {...props} />);
  const trigger = screen.getByRole('button', { name: 'Open' });
  await user.click(trigger);
  return { user, trigger, dialog: screen.getByRole('dialog') };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title, in a portal on document.body', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog', { name: 'Update title' })).toBe(dialog);
    expect(dialog.closest('[data-testid="modal-backdrop"]')?.parentElement).toBe(document.body);
    expect(screen.getByText('Body text')).toBeInTheDocument();
  });

  it('moves focus to the first focusable element of the content and returns it on close', async () => {
    const { user, trigger } = await openModal({ withInput: true });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('focuses initialFocusRef when given', async () => {
    await openModal({ useInitialFocus: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('focuses the dialog itself when the content has nothing focusable', async () => {
    const { dialog } = await openModal({ footer: undefined });
    expect(dialog).toHaveFocus();
  });

  it('has focus inside before the dialog is painted, so a key pressed as soon as it shows reaches it', () => {
    const seen: (Element | null)[] = [];
    function AfterModal() {
      // A later sibling's layout effect runs after the Modal's, before the browser paints.
      useLayoutEffect(() => {
        seen.push(document.activeElement);
      });
      return null;
    }
    renderWithProviders(
      <>
        <Modal open onClose={() => undefined} title="At once">
          <input aria-label="First field" />
        </Modal>
        <AfterModal />
      </>,
    );
    expect(seen[0]).toBe(screen.getByRole('textbox', { name: 'First field' }));
  });

  it('closes on Escape and gives focus back', async () => {
    const { user, trigger } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('can ignore Escape and backdrop clicks', async () => {
    const { user } = await openModal({ closeOnEscape: false, closeOnBackdropClick: false });
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const { user, dialog } = await openModal();
    await user.click(screen.getByText('Body text'));
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user } = await openModal({ closeLabel: 'Dismiss' });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = await openModal({ withInput: true });
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Title' });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.click(input);
    expect(input).toHaveFocus();
  });

  it('locks page scrolling while open', async () => {
    const { user } = await openModal();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes only the innermost of nested dialogs on Escape', async () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      const [outer, setOuter] = useState(true);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            More
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inside</button>
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Nested />);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveFocus();
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});
