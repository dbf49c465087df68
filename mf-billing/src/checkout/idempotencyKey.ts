/** A new idempotency key (contracts' IdempotencyKeySchema: 8 to 64 of A-Z a-z 0-9 _ -). */
export function newIdempotencyKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `co_${random.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
}
