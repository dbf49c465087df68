let locks = 0;
let savedOverflow = '';

/** Stops the page behind open dialogs from scrolling; returns the unlock. Nested dialogs share one lock. */
export function lockBodyScroll(): () => void {
  if (locks === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks === 0) document.body.style.overflow = savedOverflow;
  };
}
