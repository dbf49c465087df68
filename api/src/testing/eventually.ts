/**
 * Waits for something the test cannot move by a fake clock (a Redis key's expiry, a socket closing): checks until it
 * holds, so the test waits only as long as needed, and fails when it does not hold within `timeoutMs`.
 */
export async function eventually(check: () => boolean | Promise<boolean>, { timeoutMs = 5000, intervalMs = 10 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
