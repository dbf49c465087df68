import { queueCalls } from '@fable/contracts';
import { QUEUE_CALLS } from './queueApi';

it('uses the contract’s method and path for each queue call', () => {
  for (const [name, call] of Object.entries(QUEUE_CALLS)) {
    const contract = queueCalls[name as keyof typeof QUEUE_CALLS];
    expect({ method: call.method, path: call.path }).toEqual({ method: contract.method, path: contract.path });
  }
});
