import { decodeHtmlEntities } from './htmlEntities';

describe('decodeHtmlEntities', () => {
  it('decodes named, decimal and hex entities', () => {
    expect(decodeHtmlEntities('Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39;')).toBe('Tom & Jerry <3 "hi" \'x\'');
    expect(decodeHtmlEntities('a&period;b&colon;&sol;&sol;')).toBe('a.b://');
    expect(decodeHtmlEntities('&#46;&#x2E;&#X2e;')).toBe('...');
  });

  it('accepts numeric entities without a semicolon', () => {
    expect(decodeHtmlEntities('example&#46com')).toBe('example.com');
  });

  it('decodes one level only', () => {
    expect(decodeHtmlEntities('&amp;#46;')).toBe('&#46;');
  });

  it('leaves unknown entities and invalid code points safe', () => {
    expect(decodeHtmlEntities('&unknown; & &;')).toBe('&unknown; & &;');
    expect(decodeHtmlEntities('&#0;&#xD800;&#1114112;')).toBe('\ufffd\ufffd\ufffd');
  });
});
