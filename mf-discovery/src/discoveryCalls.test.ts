import { discoveryCalls, usersCalls } from '@fable/contracts';
import { DISCOVERY_CALLS, USERS_CALLS } from './discoveryCalls';

it('calls the contract paths and methods', () => {
  for (const [name, call] of Object.entries(DISCOVERY_CALLS)) {
    const contract = discoveryCalls[name as keyof typeof discoveryCalls];
    expect({ name, ...call }).toEqual({ name, method: contract.method, path: contract.path });
  }
  for (const [name, call] of Object.entries(USERS_CALLS)) {
    const contract = usersCalls[name as keyof typeof usersCalls];
    expect({ name, ...call }).toEqual({ name, method: contract.method, path: contract.path });
  }
});
