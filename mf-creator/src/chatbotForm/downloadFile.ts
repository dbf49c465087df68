/** Downloads what an object URL holds under `filename` (an export fetched with the member's token), then frees it. */
export function downloadObjectUrl(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
