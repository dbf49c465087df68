import { DeploymentSchema, type Deployment, type DeploymentInput } from '@fable/contracts';
import { createStore, deploymentLoaded } from '@fable/shared';

/** A white-label partner deployment named StoryNest. */
export function storyNestDeployment(overrides: Partial<DeploymentInput> = {}): Deployment {
  return DeploymentSchema.parse({
    id: 'partner-x',
    applicationId: 'partner-x',
    kind: 'partner',
    brand: {
      name: 'StoryNest',
      logoUrl: '/brand/partner-x-logo.svg',
      colors: { primary: '#e4572e', accent: '#29335c' },
      footer: { addresses: ['StoryNest Media, 5 Harbour Road, Dublin'] },
      links: { support: 'mailto:help@storynest.example', terms: '/terms', privacy: '/privacy', refund: '/refund' },
    },
    hostnames: ['storynest.localhost'],
    partner: { enabled: true, hiddenFeatures: ['nsfw_toggle'] },
    remotes: {},
    ...overrides,
  });
}

/** A fresh store with the deployment loaded, as the host does at boot. */
export function storeWith(deployment: Deployment) {
  const store = createStore();
  store.dispatch(deploymentLoaded(deployment));
  return store;
}
