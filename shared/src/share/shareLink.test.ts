import { copyToClipboard, shareLink } from './shareLink';

type Writable = { clipboard?: unknown; share?: unknown };
const nav = navigator as unknown as Writable;
const doc = document as unknown as { execCommand?: unknown };
const saved = { clipboard: Object.getOwnPropertyDescriptor(navigator, 'clipboard'), share: nav.share, execCommand: doc.execCommand };

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

afterEach(() => {
  if (saved.clipboard) Object.defineProperty(navigator, 'clipboard', saved.clipboard);
  else delete nav.clipboard;
  if (saved.share === undefined) delete nav.share;
  else nav.share = saved.share;
  doc.execCommand = saved.execCommand;
});

describe('copyToClipboard', () => {
  it('writes with the Clipboard API', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await copyToClipboard('https://fable.test/chatbot/b1');
    expect(writeText).toHaveBeenCalledWith('https://fable.test/chatbot/b1');
  });

  it('falls back to a selected text area where the Clipboard API is missing, and leaves nothing behind', async () => {
    setClipboard(undefined);
    let selected = '';
    doc.execCommand = jest.fn(() => {
      selected = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '';
      return true;
    });
    await copyToClipboard('https://fable.test/x');
    expect(doc.execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('https://fable.test/x');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when nothing could copy', async () => {
    setClipboard(undefined);
    doc.execCommand = jest.fn(() => false);
    await expect(copyToClipboard('x')).rejects.toThrow('copy failed');
    setClipboard({ writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    await expect(copyToClipboard('x')).rejects.toThrow('denied');
  });
});

describe('shareLink', () => {
  it('uses the system share sheet where there is one, and a closed sheet is no failure', async () => {
    const writeText = jest.fn();
    setClipboard({ writeText });
    nav.share = jest.fn().mockResolvedValue(undefined);
    await expect(shareLink({ title: 'Mira', url: 'https://fable.test/chatbot/b1' })).resolves.toBe('shared');
    expect(nav.share).toHaveBeenCalledWith({ title: 'Mira', url: 'https://fable.test/chatbot/b1' });
    nav.share = jest.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    await expect(shareLink({ title: 'Mira', url: 'u' })).resolves.toBe('shared');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link otherwise, and rejects when the copy fails', async () => {
    delete nav.share;
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await expect(shareLink({ title: 'Mira', url: 'https://fable.test/chatbot/b1' })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://fable.test/chatbot/b1');
    setClipboard({ writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    await expect(shareLink({ title: 'Mira', url: 'u' })).rejects.toThrow('denied');
  });
});
