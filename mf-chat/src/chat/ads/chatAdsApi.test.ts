import { adCalls } from '@fable/contracts';
import { AD_CALLS } from './chatAdsApi';

it('uses the contract’s method and path for each ads call', () => {
  for (const [name, call] of Object.entries(AD_CALLS)) {
    const contract = adCalls[name as keyof typeof AD_CALLS];
    expect({ method: call.method, path: call.path }).toEqual({ method: contract.method, path: contract.path });
  }
});
