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
