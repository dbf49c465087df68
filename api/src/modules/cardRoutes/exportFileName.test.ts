import { asciiFileStem, attachmentDisposition } from './exportFileName';

describe('the file name of an exported card', () => {
  it.each([
    ['Seraphina', 'Seraphina'],
    ['Zoë', 'Zoe'],
    ['..\\..\\etc/passwd', 'etc_passwd'],
    ['a"b\r\nContent-Type: x', 'a_b_Content-Type_ x'],
    ['メグミン', 'chatbot'],
    ['   ', 'chatbot'],
    ['x'.repeat(100), 'x'.repeat(60)],
  ])('%j → %j', (name, stem) => {
    expect(asciiFileStem(name)).toBe(stem);
  });

  it('gives the UTF-8 name as filename* when the ASCII one differs, never a quote, slash or line break', () => {
    expect(attachmentDisposition('Seraphina', 'png')).toBe('attachment; filename="Seraphina.png"');
    expect(attachmentDisposition('メグミン', 'charx')).toBe("attachment; filename=\"chatbot.charx\"; filename*=UTF-8''%E3%83%A1%E3%82%B0%E3%83%9F%E3%83%B3.charx");
    expect(attachmentDisposition("Tom's (old) *bot*", 'json')).toBe("attachment; filename=\"Tom_s _old_ _bot.json\"; filename*=UTF-8''Tom%27s%20%28old%29%20_bot_.json");
    const safe = /^attachment; filename="[A-Za-z0-9 ._-]+"(; filename\*=UTF-8''[A-Za-z0-9%._~!-]+)?$/;
    for (const name of ['a"b', 'a/b\\c', 'line\nbreak', '\u0000x', '<script>', 'C:\\x', 'a;b=c']) expect(attachmentDisposition(name, 'png')).toMatch(safe);
  });
});
