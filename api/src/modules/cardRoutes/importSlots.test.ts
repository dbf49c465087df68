import { createImportSlots } from './importSlots';

describe('import slots', () => {
  it('gives each member at most N at once, another member their own, and a slot back once released (twice is once)', () => {
    const slots = createImportSlots(2);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1).not.toBeNull();
    expect(a2).not.toBeNull();
    expect(slots.take('a')).toBeNull();
    expect(slots.take('b')).not.toBeNull();
    a1!();
    a1!();
    const a3 = slots.take('a');
    expect(a3).not.toBeNull();
    expect(slots.take('a')).toBeNull();
    a2!();
    a3!();
    expect(slots.take('a')).not.toBeNull();
  });
});
