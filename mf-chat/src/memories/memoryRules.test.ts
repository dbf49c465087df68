import { compareMemories as contractOrder } from '@fable/contracts';
import { compareMemories, nextMemoriesCursor, orderedMemories } from './memoriesApi';
import { memoryError, memorySaveDisabled } from './memoryRules';

it('says "The memory text is too long" above 250 characters', () => {
  expect(memoryError('x'.repeat(250))).toBeNull();
  expect(memoryError('x'.repeat(251))).toBe('The memory text is too long');
});

it('disables save when empty, unchanged, saving or too long', () => {
  expect(memorySaveDisabled({ text: '  ', saving: false })).toBe(true);
  expect(memorySaveDisabled({ text: 'same ', original: 'same', saving: false })).toBe(true);
  expect(memorySaveDisabled({ text: 'new', original: 'old', saving: true })).toBe(true);
  expect(memorySaveDisabled({ text: 'x'.repeat(251), saving: false })).toBe(true);
  expect(memorySaveDisabled({ text: 'new', original: 'old', saving: false })).toBe(false);
  expect(memorySaveDisabled({ text: 'x'.repeat(250), saving: false })).toBe(false);
});

const m = (id: string, createdAt: string, is_pinned = false) => ({ id, content: id, createdAt, is_pinned, memory_type: 'user' as const });

it('orders pinned first, then newest, like the contracts, once each', () => {
  const a = m('a', '2026-01-01T00:00:00.000Z');
  const b = m('b', '2026-01-03T00:00:00.000Z');
  const c = m('c', '2026-01-02T00:00:00.000Z', true);
  expect(orderedMemories([{ memories: [a, b], has_more: true }, { memories: [c, a], has_more: false }]).map((x) => x.id)).toEqual(['c', 'b', 'a']);
  expect([a, b, c].sort(compareMemories)).toEqual([a, b, c].sort(contractOrder));
});

it('takes the next cursor from the entry flagged is_last_id', () => {
  expect(nextMemoriesCursor({ memories: [m('a', ''), { ...m('b', ''), is_last_id: true }, m('c', '')], has_more: true })).toBe('b');
  expect(nextMemoriesCursor({ memories: [m('a', ''), m('c', '')], has_more: true })).toBe('c');
  expect(nextMemoriesCursor({ memories: [m('a', '')], has_more: false })).toBeUndefined();
});
