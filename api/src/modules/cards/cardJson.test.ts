import { type CardFailure } from './cardErrors';
import { decodeBase64, decodeUtf8, parseJson } from './cardJson';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as CardFailure).code;
  }
};

describe('decodeBase64', () => {
  it('decodes standard base64 with or without padding, across line breaks, and the URL-safe alphabet', () => {
    const bytes = Buffer.from('Zoë 🐉 ~?', 'utf8');
    const b64 = bytes.toString('base64');
    expect(Buffer.from(decodeBase64(b64)!).equals(bytes)).toBe(true);
    expect(Buffer.from(decodeBase64(b64.replace(/=+$/, ''))!).equals(bytes)).toBe(true);
    expect(Buffer.from(decodeBase64(`${b64.slice(0, 4)}\r\n${b64.slice(4)}`)!).equals(bytes)).toBe(true);
    expect(Buffer.from(decodeBase64(bytes.toString('base64url'))!).equals(bytes)).toBe(true);
  });

  it.each(['', 'not base64!', '{"name":"x"}', 'abcde', '====', 'ab=c'])('refuses %j', (text) => {
    expect(decodeBase64(text)).toBeNull();
  });
});

describe('decodeUtf8', () => {
  it('reads UTF-8 and drops a byte order mark', () => {
    expect(decodeUtf8(Buffer.from('\uFEFF{"name":"Zoë"}', 'utf8'), [])).toBe('{"name":"Zoë"}');
  });

  it('replaces a few invalid bytes with a warning', () => {
    const warnings: string[] = [];
    const text = decodeUtf8(Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]), warnings);
    expect(text).toBe('{"name":"Caf\uFFFD"}');
    expect(warnings).toHaveLength(1);
  });

  it('refuses binary data', () => {
    const binary = Buffer.from(Array.from({ length: 4000 }, (_, i) => 0x80 + (i % 64)));
    expect(codeOf(() => decodeUtf8(binary, []))).toBe('invalid_text');
  });
});

describe('parseJson', () => {
  it('parses JSON', () => {
    expect(parseJson('{"spec":"chara_card_v2"}')).toEqual({ spec: 'chara_card_v2' });
  });

  it('refuses text that is not JSON', () => {
    expect(codeOf(() => parseJson('{"name": '))).toBe('invalid_json');
  });

  it('refuses JSON nested deeper than the cap, however deep', () => {
    expect(codeOf(() => parseJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe('nested_too_deeply');
    expect(codeOf(() => parseJson(`{"a":${'{"a":'.repeat(70)}1${'}'.repeat(71)}`))).toBe('nested_too_deeply');
  });

  it('accepts the nesting of a real card with a character book (7 levels)', () => {
    expect(() => parseJson(JSON.stringify({ data: { character_book: { entries: [{ extensions: { a: [{}] } }] } } }))).not.toThrow();
  });
});
