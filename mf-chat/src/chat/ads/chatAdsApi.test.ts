import { adCalls, eventCalls } from '@fable/contracts';
import { AD_CALLS } from './chatAdsApi';

it('uses the contract’s method and path for each ads call', () => {
  const contracts = { forChat: adCalls.forChat, event: eventCalls.event };
  for (const [name, call] of Object.entries(AD_CALLS)) {
    const contract = contracts[name as keyof typeof AD_CALLS];
    expect({ method: call.method, path: call.path }).toEqual({ method: contract.method, path: contract.path });
  }
});
