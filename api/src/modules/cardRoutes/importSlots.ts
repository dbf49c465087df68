/**
 * How many imports each member may have running at once (in this process): reading a card file is bounded, but
 * one member sending many 10 MB files at the same moment should not keep the server busy for everyone.
 */
export interface ImportSlots {
  /** A slot for the member, or null when all of theirs are taken; call the returned function once done. */
  take(memberId: string): (() => void) | null;
}

export function createImportSlots(perMember: number): ImportSlots {
  const running = new Map<string, number>();
  return {
    take(memberId) {
      const now = running.get(memberId) ?? 0;
      if (now >= perMember) return null;
      running.set(memberId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(memberId) ?? 1) - 1;
        if (left > 0) running.set(memberId, left);
        else running.delete(memberId);
      };
    },
  };
}
