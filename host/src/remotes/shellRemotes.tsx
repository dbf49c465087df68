import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteSlots } from '@fable/contracts';
import type { ShellRemote } from './remoteRegistry';

const ShellRemotesContext = createContext<readonly ShellRemote[]>([]);

/** The enabled remotes of this page, resolved at boot, for the shell's routes, navigation and slots. */
export function ShellRemotesProvider({ remotes, children }: { remotes: readonly ShellRemote[]; children: ReactNode }) {
  return <ShellRemotesContext.Provider value={remotes}>{children}</ShellRemotesContext.Provider>;
}

export function useShellRemotes(): readonly ShellRemote[] {
  return useContext(ShellRemotesContext);
}

type SlotName = keyof RemoteSlots;

/** What the enabled remotes put in one of the shell's named slots, with the remote that filled it. */
export function slotFillers<K extends SlotName>(remotes: readonly ShellRemote[], slot: K): { remote: ShellRemote; fill: NonNullable<RemoteSlots[K]> }[] {
  return remotes.flatMap((remote) => {
    const fill = remote.manifest.slots[slot];
    return fill === undefined ? [] : [{ remote, fill }];
  });
}

/** The first remote's fill of a slot that one remote fills (the upgrade pill, the signup pages), or null. */
export function useSlot<K extends SlotName>(slot: K): NonNullable<RemoteSlots[K]> | null {
  return slotFillers(useShellRemotes(), slot)[0]?.fill ?? null;
}
