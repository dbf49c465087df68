import { CardFailure } from './cardErrors';
import { cardPng, chunksOfPng, iend, ihdr, idat, pngFromChunks, text, textsOfPng } from './cardTestFiles';
import { isCardChunk, readPngChunks, textChunk, textKeyword, textOf, writePng } from './pngChunks';
import { v1CardPng, v2CardPng, v3CardPng } from './testing/generatedCardFiles';

const failureOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof CardFailure) return error.code;
    throw error;
  }
  return undefined;
};

describe('readPngChunks', () => {
  it('reads the chunks of a card up to IEND, CRCs checked', () => {
    expect(readPngChunks(v2CardPng()).map((c) => c.name)).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    expect(readPngChunks(v3CardPng()).map((c) => c.name)).toEqual(['IHDR', 'IDAT', 'tEXt', 'tEXt', 'IEND']);
  });

  it('gives each tEXt keyword and text (Latin-1, NUL-separated)', () => {
    const [chunk] = readPngChunks(cardPng(text('chara', 'eyJhIjoxfQ=='))).filter((c) => c.name === 'tEXt');
    expect(textKeyword(chunk!)).toBe('chara');
    expect(textOf(chunk!)).toBe('eyJhIjoxfQ==');
  });

  it('a tEXt text holding a NUL is not valid tEXt', () => {
    const [chunk] = readPngChunks(cardPng({ type: 'tEXt', data: Buffer.from('chara\0abc\0def', 'latin1') })).filter((c) => c.name === 'tEXt');
    expect(textOf(chunk!)).toBeNull();
  });

  it.each<[string, Buffer, string]>([
    ['a file that is not a PNG', Buffer.from('GIF89a......'), 'invalid_header'],
    ['a PNG signature mangled by a CRLF → LF conversion', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a]), cardPng().subarray(8)]), 'invalid_header'],
    ['a PNG whose first chunk is not IHDR', pngFromChunks([idat(), ihdr(), iend()]), 'missing_header_chunks'],
    ['a PNG without IEND', pngFromChunks([ihdr(), idat()]), 'missing_header_chunks'],
    ['only the signature', cardPng().subarray(0, 8), 'missing_header_chunks'],
    ['a PNG cut off inside a chunk', cardPng(text('chara', 'x'.repeat(200))).subarray(0, 80), 'missing_header_chunks'],
    ['a chunk with a wrong CRC', pngFromChunks([ihdr(), { ...idat(), crc: 0x12345678 }, iend()]), 'bad_crc'],
    ['a chunk declaring 64 MB in a small file', pngFromChunks([ihdr(), { type: 'tEXt', data: Buffer.from('chara\0x'), declaredLength: 64 * 1024 * 1024 }, iend()]), 'png_chunk_too_large'],
    ['a chunk declaring 4 GB', pngFromChunks([ihdr(), { type: 'IDAT', data: Buffer.alloc(4), declaredLength: 0xffffffff }, iend()]), 'png_chunk_too_large'],
  ])('refuses %s', (_name, bytes, code) => {
    expect(failureOf(() => readPngChunks(bytes))).toBe(code);
  });

  it('finds a one-bit change in the middle of an image (bad CRC)', () => {
    const png = Buffer.from(v1CardPng());
    png[png.length >> 1]! ^= 0x01;
    expect(failureOf(() => readPngChunks(png))).toBe('bad_crc');
  });
});

describe('writePng', () => {
  it('writes chunks a PNG reader accepts (signature, lengths, CRC over type and data)', () => {
    const chunks = [...readPngChunks(cardPng()).slice(0, -1), textChunk('ccv3', 'abc'), { name: 'IEND', data: new Uint8Array(0) }];
    const png = writePng(chunks);
    expect(chunksOfPng(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    expect(textsOfPng(png)).toEqual([['ccv3', 'abc']]);
  });

  it('round-trips an image byte for byte', () => {
    const png = v3CardPng(undefined, { chara: false });
    expect(Buffer.from(writePng(readPngChunks(png))).equals(png)).toBe(true);
  });
});

describe('textChunk', () => {
  it('writes keyword, NUL, text in Latin-1, and refuses what tEXt cannot hold', () => {
    const chunk = textChunk('Comment', 'café');
    expect(Buffer.from(chunk.data).equals(Buffer.from('Comment\0café', 'latin1'))).toBe(true);
    expect(textOf(chunk)).toBe('café');
    expect(() => textChunk('', 'x')).toThrow(/tEXt/);
    expect(() => textChunk('k'.repeat(80), 'x')).toThrow(/tEXt/);
    expect(() => textChunk('chara', 'a\0b')).toThrow(/tEXt/);
    expect(() => textChunk('chara', 'not Latin-1: ✓')).toThrow(/tEXt/);
  });
});

describe('isCardChunk', () => {
  it('is true for chara, ccv3 and embedded assets, false for other text and image chunks', () => {
    const chunks = readPngChunks(cardPng(text('chara', 'a'), text('ccv3', 'b'), text('chara-ext-asset_:x.png', 'c'), text('Comment', 'd')));
    expect(chunks.map((c) => [textKeyword(c) ?? c.name, isCardChunk(c)])).toEqual([
      ['IHDR', false],
      ['IDAT', false],
      ['chara', true],
      ['ccv3', true],
      ['chara-ext-asset_:x.png', true],
      ['Comment', false],
      ['IEND', false],
    ]);
  });
});
