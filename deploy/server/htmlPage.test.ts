import { scriptSafeJson, withInlineDeployment } from './htmlPage';

it('writes JSON that no value can end early inside a script element, read back unchanged', () => {
  const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- x -->', line: 'a\u2028b\u2029c', amp: 'a & b' };
  const json = scriptSafeJson(hostile);
  expect(json).not.toMatch(/</);
  expect(json).not.toMatch(/[\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(hostile);
});

it('puts the deployment at the end of <head>, or first in a page without one', () => {
  const page = withInlineDeployment('<html><head><title>F</title></head><body></body></html>', { id: 'main' }, 'fable-deployment');
  expect(page).toMatch(/<title>F<\/title>\s*<script type="application\/json" id="fable-deployment">\{"id":"main"\}<\/script>\s*<\/head>/);
  expect(withInlineDeployment('<p>x</p>', { id: 'main' }, 'd')).toBe('<script type="application/json" id="d">{"id":"main"}</script><p>x</p>');
});
