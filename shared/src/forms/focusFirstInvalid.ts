/**
 * Scrolls to the first invalid field of `root` (in the order of the page, `[aria-invalid="true"]`) and focuses it; for
 * a radio group, its checked option. Smooth unless the user asks for reduced motion. False when nothing is invalid or
 * the field could not take the focus yet (still disabled while the form saves, for example): the caller tries again.
 */
export function focusFirstInvalid(root: ParentNode): boolean {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  // A group (radio options) is not focusable itself: its checked option is, else its first.
  const control = 'input, select, textarea, button';
  const target = invalid.matches(control) ? invalid : (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>(control) ?? invalid);
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // jsdom has no scrollIntoView.
  target.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return target.ownerDocument.activeElement === target;
}
