/**
 * A call contract's method and path as a plain object. The front ends copy these from @fable/contracts' call objects,
 * which carry classic zod and stay off the first load (docs/adr/0001); typing a copy with CallOf<typeof calls.x>
 * fails the build when the contract's method or path changes (each copy's test compares the values too).
 */
export type CallOf<C extends { method: string; path: string }> = { method: C['method']; path: C['path'] };
