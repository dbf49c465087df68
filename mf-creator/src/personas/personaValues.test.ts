import type { Persona } from '@fable/contracts';
import { emptyPersona, personaChanges, valuesOfPersona } from './personaValues';

const saved: Persona = { id: 'p1', name: 'Rin', highlights: 'A quiet archer.', avatar_url: '/a.png', is_default: false };

describe('persona values', () => {
  it('start empty, the first persona ticked as the default', () => {
    expect(emptyPersona(true)).toEqual({ avatar_url: '', name: '', highlights: '', is_default: true });
    expect(emptyPersona(false).is_default).toBe(false);
  });

  it('come from a saved persona (no avatar is an empty field)', () => {
    expect(valuesOfPersona({ ...saved, avatar_url: null })).toEqual({ avatar_url: '', name: 'Rin', highlights: 'A quiet archer.', is_default: false });
  });

  it('send only what changed, and is_default only to make it the default', () => {
    expect(personaChanges(saved, { ...valuesOfPersona(saved) })).toEqual({});
    expect(personaChanges(saved, { ...valuesOfPersona(saved), name: 'Rina', is_default: true })).toEqual({ name: 'Rina', is_default: true });
    expect(personaChanges({ ...saved, is_default: true }, { ...valuesOfPersona(saved), is_default: false })).toEqual({});
    expect(personaChanges(saved, { ...valuesOfPersona(saved), avatar_url: '/b.png', highlights: 'Loud.' })).toEqual({ avatar_url: '/b.png', highlights: 'Loud.' });
  });
});
