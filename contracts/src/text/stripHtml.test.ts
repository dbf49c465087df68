import { stripHtml } from './stripHtml';

describe('stripHtml', () => {
  it('removes tags and keeps their text', () => {
    expect(stripHtml('<p>Hello <b>there</b>,<br/> <i class="x">friend</i></p>')).toBe('Hello there, friend');
  });

  it('handles attributes holding ">" and self-closing tags', () => {
    expect(stripHtml('<a title="a > b" href=\'x\'>link</a><img src="a.png" />!')).toBe('link!');
  });

  it('drops script and style elements with their content, comments and declarations', () => {
    expect(stripHtml('<!doctype html><style>p{}</style>a<script type="x">alert(1)</script>b<!-- note -->c')).toBe('abc');
  });

  it('settles tags that only appear once another is removed', () => {
    expect(stripHtml('<i<b></b>>x')).toBe('x');
    expect(stripHtml('<scr<b></b>ipt>alert(1)')).toBe('');
  });

  it('leaves text that merely contains angle brackets', () => {
    expect(stripHtml('I <3 you')).toBe('I <3 you');
    expect(stripHtml('a < b > c')).toBe('a < b > c');
    expect(stripHtml('-> go <-')).toBe('-> go <-');
  });

  it('does not decode entities', () => {
    expect(stripHtml('Tom &amp; Jerry &lt;3')).toBe('Tom &amp; Jerry &lt;3');
  });

  it('returns plain text unchanged', () => {
    expect(stripHtml('')).toBe('');
    expect(stripHtml('*smiles* Hello, {{user}}!')).toBe('*smiles* Hello, {{user}}!');
  });
});
