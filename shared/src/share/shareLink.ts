/**
 * Copies `text` with the Clipboard API, or, where it is missing (an http page), through a selected text area. Rejects
 * when neither copies (the Share actions then say "Something went wrong!").
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/** How a share ended: the system share sheet took it (or the user closed it), or the link was copied. */
export type ShareOutcome = 'shared' | 'copied';

type ShareNavigator = Navigator & { share?: (data: { title: string; url: string }) => Promise<void> };

/**
 * Shares a link with the system share sheet where there is one (phones), else copies it (copyToClipboard). Closing
 * the share sheet is no failure. Rejects only when the copy fails; the caller says "Copied to clipboard" on 'copied'.
 */
export async function shareLink({ title, url }: { title: string; url: string }): Promise<ShareOutcome> {
  const nav = navigator as ShareNavigator;
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, url });
    } catch {
      // closed by the user
    }
    return 'shared';
  }
  await copyToClipboard(url);
  return 'copied';
}
