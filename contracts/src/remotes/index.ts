import { mfAccountContract } from './mfAccount';
import { mfBillingContract } from './mfBilling';
import { mfChatContract } from './mfChat';
import { mfCreatorContract } from './mfCreator';
import { mfDiscoveryContract } from './mfDiscovery';
import type { RemoteContract, RemoteName } from './remoteContract';

export * from './remoteContract';
export { mfAccountContract, mfBillingContract, mfChatContract, mfCreatorContract, mfDiscoveryContract };

/** Every remote's contract, by federation name. */
export const REMOTE_CONTRACTS: Record<RemoteName, RemoteContract> = {
  mf_chat: mfChatContract,
  mf_discovery: mfDiscoveryContract,
  mf_creator: mfCreatorContract,
  mf_billing: mfBillingContract,
  mf_account: mfAccountContract,
};
