import { useEffect, type ReactNode, type RefObject } from 'react';
import { lazyPart } from '../lazyPart';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading; it labels the dialog. */
  title: ReactNode;
  children?: ReactNode;
  /** The row of actions under the content. */
  footer?: ReactNode;
  size?: ModalSize;
  closeOnBackdropClick?: boolean;
  closeOnEscape?: boolean;
  showCloseButton?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** What gets focus on open; otherwise the first focusable element of the content, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element it came from is gone (the button of a card just deleted). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element describing the dialog (its message). */
  'aria-describedby'?: string;
  className?: string;
  'data-testid'?: string;
}

/** What the dialog shows: the Modal's props with their defaults applied. */
export type ModalDialogProps = Omit<ModalProps, 'aria-describedby' | 'data-testid'> &
  Required<Pick<ModalProps, 'size' | 'closeOnBackdropClick' | 'closeOnEscape' | 'showCloseButton' | 'closeLabel'>> & { describedBy?: string; testId?: string };

/** The dialog (Radix's Dialog, its focus trap and scroll lock: ModalDialog.tsx), loaded once for the page. */
const dialog = lazyPart(() => import('./ModalDialog'));

/** Loads the dialog ahead of a Modal's first open. A failed load is tried again by the next. */
export const loadModalDialog = dialog.load;

/** Tests: back to a page where no Modal has loaded its dialog. */
export const forgetModalDialog = dialog.forget;

/**
 * An accessible modal dialog on Radix's Dialog, in a portal on document.body: role="dialog", aria-modal, labelled
 * by its title. Radix traps focus inside (Tab cycles), hides the page from assistive technology, locks its
 * scrolling and closes the innermost dialog on Escape; the close button and a click on the backdrop close it too.
 * On phones it is a bottom sheet.
 *
 * The dialog's code is not on any page's first screen: the first Modal of the page to open loads it, and shows once
 * it has arrived (focus moves into it then, and goes back on close to where it was).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdropClick = true,
  closeOnEscape = true,
  showCloseButton = true,
  closeLabel = 'Close',
  initialFocusRef,
  fallbackFocusRef,
  'aria-describedby': describedBy,
  className,
  'data-testid': testId,
}: ModalProps) {
  const loaded = dialog.useLoaded();
  const needed = open && !loaded;
  useEffect(() => {
    if (!needed) return;
    dialog.load().catch((error: unknown) => console.error('[fable] the dialog could not be loaded', error));
  }, [needed]);
  // Nothing until the dialog has arrived (an empty element: the kit's recorded API says Modal returns one).
  if (!loaded) return <></>;
  const modal = { open, onClose, title, children, footer, size, closeOnBackdropClick, closeOnEscape, showCloseButton, closeLabel, initialFocusRef, fallbackFocusRef, describedBy, className, testId };
  return <loaded.ModalDialog modal={modal} />;
}
