import { canonicalParams, FormBodyError, parseFormBody } from './formBody';

describe("Stripe's form bodies", () => {
  it('nests bracketed keys into objects and indexed or pushed keys into arrays', () => {
    const body = 'amount=2000&card[number]=4242+4242&metadata[plan]=premium%20yearly&expand[0]=customer&expand[1]=latest_charge&tags[]=a&tags[]=b&a[b][c]=d';
    expect(parseFormBody(body)).toEqual({
      amount: '2000',
      card: { number: '4242 4242' },
      metadata: { plan: 'premium yearly' },
      expand: ['customer', 'latest_charge'],
      tags: ['a', 'b'],
      a: { b: { c: 'd' } },
    });
  });

  it('reads encoded brackets as brackets and keeps empty values', () => {
    expect(parseFormBody('metadata%5Bplan%5D=x&description=')).toEqual({ metadata: { plan: 'x' }, description: '' });
  });

  it('refuses a key that is both a value and a hash, malformed names and bad encoding', () => {
    expect(() => parseFormBody('card=1&card[number]=2')).toThrow(FormBodyError);
    expect(() => parseFormBody('card[number]=2&card=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a]b=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a=%E0%A4%A')).toThrow(FormBodyError);
  });

  it('gives the same canonical text whatever the order of the parameters', () => {
    const a = parseFormBody('amount=1&metadata[a]=1&metadata[b]=2');
    const b = parseFormBody('metadata[b]=2&amount=1&metadata[a]=1');
    expect(canonicalParams(a)).toBe(canonicalParams(b));
    expect(canonicalParams(a)).not.toBe(canonicalParams(parseFormBody('amount=2&metadata[a]=1&metadata[b]=2')));
  });
});
