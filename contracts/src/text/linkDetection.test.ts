import { containsLink, decodeOnce, LINK_DOMAINS, removeLinks } from './linkDetection';

/** Percent-encodes every character, `times` times over. */
function encode(text: string, times: number): string {
  let out = text;
  for (let i = 0; i < times; i++) out = [...out].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return out;
}

describe('containsLink', () => {
  it.each([
    'https://example.com',
    'visit http://foo.bar/baz now',
    'ftp://files.host',
    'discord://invite/abc',
    'www.example',
    'WWW.EXAMPLE.ORG',
    'example.com',
    'Join us at discord.gg/abcdef',
    'message me on t.me/someone',
    'bit.ly/xyz',
    'mysite.co.uk',
    'sub.domain.example.net/path?x=1',
    'email me: me@mail.ru',
    'Check my-page.xyz!',
    'пример.рф',
  ])('finds the link in %p', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'Hello there, traveller.',
    'She smiled. Com­pletely calm.',
    'e.g. this, i.e. that, a.m. and p.m.',
    'Mr.Smith and Dr.Who met at St.Louis',
    'I smiled.Today is a good day.Just do.it',
    'version 1.2.3 of the file.txt',
    'The data: it was all there',
    'I love JavaScript and the .com bubble',
    'community.centre',
    'I <3 you',
    '',
  ])('finds no link in %p', (text) => {
    expect(containsLink(text)).toBe(false);
  });

  it('accepts null and undefined', () => {
    expect(containsLink(null)).toBe(false);
    expect(containsLink(undefined)).toBe(false);
  });

  describe('dangerous schemes', () => {
    it.each([
      'javascript:alert(1)',
      'click JAVASCRIPT:void(0)',
      'vbscript:msgbox',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml,<svg/>',
      'data:,hello',
      'file:///etc/passwd',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'jav\u0000ascript:alert(1)',
    ])('finds %p', (text) => {
      expect(containsLink(text)).toBe(true);
    });
  });

  describe('HTML is stripped first', () => {
    it('finds a link split by tags', () => {
      expect(containsLink('exa<b></b>mple.com')).toBe(true);
      expect(containsLink('<p>go to <i>example</i>.com</p>')).toBe(true);
      expect(containsLink('<span>foo</span><span>.com</span>')).toBe(true);
      expect(containsLink('ex<b>amp</b>le.c<i>o</i>m')).toBe(true);
    });

    it('also finds links the stripping would hide', () => {
      expect(containsLink('<a href="https://evil.example">click</a>')).toBe(true);
      // "<b you, see evil.com >" is shaped like a tag and would be stripped away.
      expect(containsLink('I <b you, see evil.com > ok')).toBe(true);
    });

    it('strips tags that only appear after decoding', () => {
      expect(containsLink('exa&lt;b&gt;&lt;/b&gt;mple.com')).toBe(true);
      expect(containsLink('exa%3Cb%3E%3C%2Fb%3Emple.com')).toBe(true);
    });
  });

  describe('decoding, up to 3 times', () => {
    it('decodes percent-encoding and HTML entities', () => {
      expect(containsLink('example%2Ecom')).toBe(true);
      expect(containsLink('example&#46;com')).toBe(true);
      expect(containsLink('example&period;com')).toBe(true);
      expect(containsLink('javascript&colon;alert(1)')).toBe(true);
      expect(containsLink('https&#58;//x')).toBe(true);
    });

    it('finds links encoded once, twice and three times', () => {
      expect(containsLink(encode('example.com', 1))).toBe(true);
      expect(containsLink(encode('example.com', 2))).toBe(true);
      expect(containsLink(encode('example.com', 3))).toBe(true);
    });

    it('stops after three passes', () => {
      expect(containsLink(encode('example.com', 4))).toBe(false);
      expect(containsLink(encode('javascript:x', 4))).toBe(false);
    });

    it('mixes encodings across passes', () => {
      // "&" percent-encoded, then "&#46;" as an entity: two layers.
      expect(containsLink('example%26%2346%3Bcom')).toBe(true);
      expect(containsLink('example&amp;amp;#46;com')).toBe(true);
    });

    it('survives malformed percent-encoding', () => {
      expect(containsLink('100%% sure %E0%A4%A and %zz')).toBe(false);
      expect(containsLink('%E0%A4%A example%2Ecom')).toBe(true);
    });
  });

  describe('obfuscated dots and invisible characters', () => {
    it.each([
      'example[.]com',
      'example (.) com',
      'example(dot)com',
      'example [dot] com',
      'example{.}net',
      'example．com',
      'example。com',
      'ｅｘａｍｐｌｅ．ｃｏｍ',
      'exam\u200bple.\u200bcom',
      'example\u00ad.com',
    ])('finds %p', (text) => {
      expect(containsLink(text)).toBe(true);
    });
  });

  it('does not match a domain that only starts like one on the list', () => {
    expect(LINK_DOMAINS).toContain('com');
    expect(containsLink('the comet.commander')).toBe(false);
    expect(containsLink('a.company')).toBe(false);
  });
});

describe('decodeOnce', () => {
  it('decodes one layer of percent-encoding and then entities', () => {
    expect(decodeOnce('%2E&#46;')).toBe('..');
    expect(decodeOnce('%252E')).toBe('%2E');
  });
});

describe('removeLinks', () => {
  it('removes links and keeps the rest of the text', () => {
    expect(removeLinks('Visit https://example.com/path?a=1 now')).toBe('Visit  now');
    expect(removeLinks('See example.com.')).toBe('See .');
    expect(removeLinks('(www.example.org)')).toBe('()');
    expect(removeLinks('join discord.gg/abc, or t.me/x!')).toBe('join , or !');
    expect(removeLinks('run javascript:alert(1)')).toBe('run ');
    expect(removeLinks('my data: all of it, data:text/html;base64,PHN2Zz4=')).toBe('my data: all of it, ');
  });

  it('leaves text without links alone', () => {
    const text = 'Hello.Today I went to St.Louis, e.g. by train. Version 1.2.';
    expect(removeLinks(text)).toBe(text);
  });
});
