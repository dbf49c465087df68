import { deploymentFixture } from '@fable/shared/testing';
import { InvalidDeploymentError, UnknownDomainError, deploymentUrl, inlinedDeployment, resolveDeployment } from './resolveDeployment';

const answer = (status: number, body: unknown) => jest.fn(async () => ({ status, body }));

describe('resolveDeployment', () => {
  it('reads the deployment the server resolved for this hostname', async () => {
    const fetchJson = answer(200, deploymentFixture());
    await expect(resolveDeployment('localhost', fetchJson, null)).resolves.toMatchObject({ id: 'main', brand: { name: 'Fable' } });
    expect(fetchJson).toHaveBeenCalledWith('/deployment.json');
  });

  it('reads the deployment inlined in the page without asking the server, validated as any other', async () => {
    const fetchJson = answer(200, deploymentFixture({ id: 'other' }));
    await expect(resolveDeployment('localhost', fetchJson, null, deploymentFixture())).resolves.toMatchObject({ id: 'main' });
    expect(fetchJson).not.toHaveBeenCalled();
    await expect(resolveDeployment('evil.example', fetchJson, null, deploymentFixture())).rejects.toBeInstanceOf(UnknownDomainError);
    await expect(resolveDeployment('localhost', fetchJson, null, { ...deploymentFixture(), kind: 'weird' })).rejects.toBeInstanceOf(InvalidDeploymentError);
    // A baked build reads its own deployment whatever the page holds.
    await expect(resolveDeployment('localhost', fetchJson, 'other', deploymentFixture())).resolves.toMatchObject({ id: 'other' });
  });

  it('finds the inlined deployment in the page, and nothing in a page without one or with a broken one', () => {
    const page = (inner: string) => new DOMParser().parseFromString(`<html><head>${inner}</head><body></body></html>`, 'text/html');
    expect(inlinedDeployment(page(`<script type="application/json" id="fable-deployment">{"id":"main","note":"\\u003c/script>"}</script>`))).toEqual({
      id: 'main',
      note: '</script>',
    });
    expect(inlinedDeployment(page(''))).toBeUndefined();
    expect(inlinedDeployment(page('<script type="application/json" id="fable-deployment">{oops</script>'))).toBeUndefined();
  });

  it('turns an unknown hostname into the unknown-domain error', async () => {
    await expect(resolveDeployment('nope.example', answer(404, { code: 'unknown_domain' }), null)).rejects.toBeInstanceOf(UnknownDomainError);
  });

  it('refuses a deployment that does not list the hostname', async () => {
    await expect(resolveDeployment('evil.example', answer(200, deploymentFixture()), null)).rejects.toBeInstanceOf(UnknownDomainError);
  });

  it('reads a baked deployment by name whatever the hostname', async () => {
    const fetchJson = answer(200, deploymentFixture({ id: 'partner-x' }));
    await expect(resolveDeployment('anything.example', fetchJson, 'partner-x')).resolves.toMatchObject({ id: 'partner-x' });
    expect(fetchJson).toHaveBeenCalledWith(deploymentUrl('partner-x'));
    expect(deploymentUrl('partner-x')).toBe('/deployments/partner-x.json');
  });

  it('rejects an invalid deployment and says which field', async () => {
    const error = await resolveDeployment('localhost', answer(200, { ...deploymentFixture(), kind: 'weird' }), null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDeploymentError);
    expect((error as Error).message).toMatch(/kind/);
  });
});
