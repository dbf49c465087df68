import { createHash } from 'node:crypto';
import { CARD_CAPS } from './cardCaps';
import { selectCardFiles } from './cardFiles';
import { cardPng } from './cardTestFiles';
import { CardExtrasSchema, CardFileRefsSchema, emptyCardExtras } from './cardTypes';

const file = (path: string, size: number, fill = 7) => ({ path, bytes: Buffer.alloc(size, fill) });
const MB = 1024 * 1024;

describe('selectCardFiles', () => {
  it('keeps every file within the caps, each with its SHA-256, size and type', () => {
    const png = cardPng();
    const { kept, left } = selectCardFiles([{ path: 'assets/other/images/bg.png', bytes: png }, { path: 'x_meta/app.json', bytes: Buffer.from('{}') }]);
    expect(left).toEqual([]);
    expect(kept.map((k) => k.ref)).toEqual([
      { path: 'assets/other/images/bg.png', sha256: createHash('sha256').update(png).digest('hex'), bytes: png.length, content_type: 'image/png' },
      { path: 'x_meta/app.json', sha256: createHash('sha256').update('{}').digest('hex'), bytes: 2, content_type: 'application/json' },
    ]);
    expect(Buffer.from(kept[0]!.bytes).equals(png)).toBe(true);
  });

  it('takes a picture’s type from its bytes, not its name', () => {
    const [kept] = selectCardFiles([{ path: 'assets/other/images/bg.jpeg', bytes: cardPng() }]).kept;
    expect(kept!.ref.content_type).toBe('image/png');
  });

  it(`leaves out files past ${CARD_CAPS.keptFilesMax}, in the card's order`, () => {
    const files = Array.from({ length: CARD_CAPS.keptFilesMax + 3 }, (_, i) => file(`assets/other/f${i}.bin`, 10));
    const { kept, left } = selectCardFiles(files);
    expect(kept).toHaveLength(CARD_CAPS.keptFilesMax);
    expect(left).toEqual([50, 51, 52].map((i) => ({ path: `assets/other/f${i}.bin`, bytes: 10, cap: 'files' })));
  });

  it(`leaves out a file that would pass ${CARD_CAPS.keptFilesMaxBytes / MB} MB in all, and still keeps smaller ones after it`, () => {
    const { kept, left } = selectCardFiles([file('a.bin', 12 * MB), file('b.bin', 9 * MB), file('c.bin', 7 * MB), file('d.bin', 1)]);
    expect(kept.map((k) => k.ref.path)).toEqual(['a.bin', 'c.bin', 'd.bin']);
    expect(left).toEqual([{ path: 'b.bin', bytes: 9 * MB, cap: 'bytes' }]);
  });
});

describe('card_extras.files', () => {
  const ref = { path: 'assets/other/images/bg.png', sha256: 'a'.repeat(64), bytes: 10, content_type: 'image/png' };

  it('is optional, and kept by the extras schema when present', () => {
    expect(CardExtrasSchema.parse(emptyCardExtras()).files).toBeUndefined();
    expect(CardExtrasSchema.parse({ ...emptyCardExtras(), files: [ref] }).files).toEqual([ref]);
  });

  it('refuses what an import never answers: unsafe paths, other hashes, two files at one path, past the caps', () => {
    const problems = (refs: unknown) => CardFileRefsSchema.safeParse(refs).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems([ref])).toBeUndefined();
    expect(problems([{ ...ref, path: '../etc/passwd' }])).toEqual(['0.path: must be a relative path inside the card (no "..", no leading "/")']);
    expect(problems([{ ...ref, sha256: 'A'.repeat(64) }])).toEqual(['0.sha256: must be the SHA-256 of the file, 64 lower-case hex characters']);
    expect(problems([{ ...ref, content_type: 'text/html; charset=utf-8' }])).toEqual(['0.content_type: must be a MIME type']);
    expect(problems([ref, ref])).toEqual([': one file per path']);
    expect(problems(Array.from({ length: 51 }, (_, i) => ({ ...ref, path: `f${i}` })))).toEqual([': at most 50 files']);
    expect(problems([{ ...ref, bytes: 15 * MB }, { ...ref, path: 'b', bytes: 15 * MB }])).toEqual([': at most 20 MB of files in all']);
  });
});
