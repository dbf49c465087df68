import { MOCK_ACCESS_PREFIX } from '..';
import { mockApi } from '../testing/mockApi';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`/api${path}`, { method, headers: member, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};
const persona = (name: string, extra: object = {}) => ({ name, highlights: `About ${name}`, avatar_url: `/a/${name}.png`, ...extra });
const names = async () => ((await send('GET', '/personas')).body.personas as { name: string; is_default: boolean }[]).map((p) => `${p.name}${p.is_default ? '*' : ''}`);

describe('the mock API keeps the persona rules of the API', () => {
  it('limits a free member to 3 personas with the Limit Reached text and { n, tier }', async () => {
    mockApi();
    await send('POST', '/personas', persona('Two'));
    await send('POST', '/personas', persona('Three'));
    const refused = await send('POST', '/personas', persona('Four'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'persona_limit',
      message: "You've reached the maximum allowance of 3 personas in the free tier. To create or update more, please delete existing ones or upgrade your tier",
      details: { n: 3, tier: 'free' },
    });
  });

  it('lets a premium member make more', async () => {
    mockApi({ seed: { member: { tier: 'premium' } } });
    for (const name of ['Pre2', 'Pre3', 'Pre4']) expect((await send('POST', '/personas', persona(name))).status).toBe(200);
  });

  it('moves the default with is_default true, ignores false, lists the default first', async () => {
    mockApi();
    const made = (await send('POST', '/personas', persona('Bea', { is_default: true }))).body;
    expect(await names()).toEqual(['Bea*', 'Ada']);
    await send('PATCH', `/personas/${made.id}`, { is_default: false, name: 'Beatrix' });
    expect(await names()).toEqual(['Beatrix*', 'Ada']);
    await send('PUT', '/personas/persona-ada/default');
    expect(await names()).toEqual(['Ada*', 'Beatrix']);
  });

  it('answers 404 No persona found. and 409 persona_default_delete as the API does', async () => {
    mockApi();
    expect((await send('PUT', '/personas/nope/default')).body.error).toEqual({ code: 'persona_not_found', message: 'No persona found.' });
    expect((await send('DELETE', '/personas/persona-ada')).body.error.code).toBe('persona_default_delete');
  });
});
