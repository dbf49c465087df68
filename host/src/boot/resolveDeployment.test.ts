import { deploymentFixture } from '@fable/shared/testing';
import { InvalidDeploymentError, UnknownDomainError, deploymentUrl, resolveDeployment } from './resolveDeployment';

const answer = (status: number, body: unknown) => jest.fn(async () => ({ status, body }));

describe('resolveDeployment', () => {
  it('reads the deployment the server resolved for this hostname', async () => {
    const fetchJson = answer(200, deploymentFixture());
    await expect(resolveDeployment('localhost', fetchJson, null)).resolves.toMatchObject({ id: 'main', brand: { name: 'Fable' } });
    expect(fetchJson).toHaveBeenCalledWith('/deployment.json');
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
