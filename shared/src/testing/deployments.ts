import { DeploymentSchema, type Deployment, type DeploymentInput } from '@fable/contracts';
import { deploymentLoaded } from '../deployment/deploymentSlice';
import { createStore } from '../store/store';

const base: DeploymentInput = {
  id: 'main',
  applicationId: 'fable',
  kind: 'main',
  brand: {
    name: 'Fable',
    logoUrl: '/brand/fable-logo.svg',
    colors: { primary: '#7c5cff', accent: '#ff5c8a' },
    footer: { addresses: ['1 Story Lane, London'] },
    links: { support: 'mailto:support@fable.example', terms: '/terms', privacy: '/privacy', refund: '/refund', discord: 'https://discord.gg/fable' },
  },
  hostnames: ['localhost'],
  partner: { enabled: false, hiddenFeatures: [] },
  // The main application's flags: its variants are the v2 ones.
  flags: { lorebook: true, groupchat: true, listing_v2: true, create_v2: true, my_chats_v2: true, profile_v2: true, my_chatbots_v2: true, persona_v2: true },
  remotes: {
    mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true },
    mf_discovery: { entry: 'http://localhost:3002/0.1.0/mf-manifest.json', enabled: true },
    mf_creator: { entry: 'http://localhost:3003/0.1.0/mf-manifest.json', enabled: true },
    mf_billing: { entry: 'http://localhost:3004/0.1.0/mf-manifest.json', enabled: true },
    mf_account: { entry: 'http://localhost:3005/0.1.0/mf-manifest.json', enabled: true },
  },
};

/** A valid deployment for tests; `overrides` replace top-level fields. */
export function deploymentFixture(overrides: Partial<DeploymentInput> = {}): Deployment {
  return DeploymentSchema.parse({ ...base, ...overrides });
}

/** A white-label partner (StoryNest): partner mode on, mf-billing and mf-creator disabled. */
export function partnerFixture(): Deployment {
  return deploymentFixture({
    id: 'partner-x',
    applicationId: 'storynest',
    kind: 'partner',
    brand: {
      name: 'StoryNest',
      logoUrl: '/brand/partner-x-logo.svg',
      colors: { primary: '#e4572e', accent: '#29335c' },
      footer: { addresses: ['StoryNest Media, 5 Harbour Road, Dublin'], bottomLine: 'StoryNest is operated by StoryNest Media.' },
      links: { support: 'mailto:help@storynest.example', terms: '/terms', privacy: '/privacy', refund: '/refund' },
    },
    hostnames: ['partner.localhost'],
    partner: { enabled: true, hiddenFeatures: ['side_navigation', 'footer_items', 'nsfw_toggle'], logoutDomain: 'https://partner.example' },
    flags: {},
    remotes: {
      ...base.remotes,
      mf_creator: { entry: 'http://localhost:3003/0.1.0/mf-manifest.json', enabled: false },
      mf_billing: { entry: 'http://localhost:3004/0.1.0/mf-manifest.json', enabled: false },
    },
  });
}

/** A fresh store with the deployment loaded, as the host does at boot. */
export function storeWith(deployment: Deployment) {
  const store = createStore();
  store.dispatch(deploymentLoaded(deployment));
  return store;
}
