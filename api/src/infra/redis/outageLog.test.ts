import { outageWarning } from './outageLog';

describe('outageWarning', () => {
  it('warns once per period, telling how many failures it left unsaid', () => {
    let now = 0;
    const said: [string, number][] = [];
    const warn = outageWarning((err, unsaid) => said.push([err.message, unsaid]), 10_000, () => now);
    warn(new Error('a'));
    now = 5_000;
    warn(new Error('b'));
    warn(new Error('c'));
    now = 10_000;
    warn(new Error('d'));
    now = 25_000;
    warn(new Error('e'));
    expect(said).toEqual([
      ['a', 0],
      ['d', 2],
      ['e', 0],
    ]);
  });
});
