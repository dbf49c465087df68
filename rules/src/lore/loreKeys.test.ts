import { compileKey, hasNestedRepetition } from './loreKeys';

describe('regular-expression keys', () => {
  it.each(['dragons?', '(cat|dog)s', '\\p{L}+ing', '[a+]+', '(?<name>a)b+', 'a{2,}', '(?:ab)+', '(a)(b)+', '\\(a+\\)+', 'x{1}'])(
    'accepts %s',
    (source) => expect(hasNestedRepetition(source)).toBe(false),
  );

  it.each(['(a+)+', '(?:a*)*', '(a|aa)+', '((ab)*c){2,}', '(a{1,3}){2}', '(?=(a+))*', '(\\w+\\s?)*$', '(?:(x|y)z)+'])(
    'refuses %s (nested repetition)',
    (source) => expect(hasNestedRepetition(source)).toBe(true),
  );

  it('compiles what it can and says why it cannot', () => {
    const options = { caseSensitive: false, matchWholeWords: true, useRegex: false };
    expect(compileKey('/(a+)+/', options)).toMatchObject({ kind: 'never', why: 'unsafe regex' });
    expect(compileKey('/[/', options)).toMatchObject({ kind: 'never', why: 'invalid regex' });
    expect(compileKey('/x/q', options)).toMatchObject({ kind: 'never', why: 'invalid regex' });
    expect(compileKey('  ', options)).toMatchObject({ kind: 'never', why: 'blank' });
    expect(compileKey('/a\\/b/gi', options)).toMatchObject({ kind: 'regex' });
    expect(compileKey('Elf', options)).toMatchObject({ kind: 'word', word: 'elf' });
    expect(compileKey('Silver Wood', options)).toMatchObject({ kind: 'phrase', needle: 'silver wood', wholeWords: true });
  });
});
