import type { LorebookDetail } from '@fable/contracts';
import { changedEntry, changedFields, fieldsOf } from './lorebookValues';

const saved: LorebookDetail = {
  id: 'lb',
  name: 'Rain City',
  description: 'A city.',
  avatar_url: '/a.webp',
  tags: ['Mystery', 'Noir'],
  creator_username: 'ada',
  num_entries: 1,
  entries: [{ id: 'e1', name: 'Docks', keywords: ['docks', 'harbour'], content: 'Fog.' }],
};

it('sends only the fields an edit changed', () => {
  const fields = fieldsOf(saved);
  expect(changedFields(fields, { ...fields })).toEqual({});
  expect(changedFields(fields, { ...fields, name: 'Rain Town', tags: ['Noir', 'Mystery'] })).toEqual({ name: 'Rain Town', tags: ['Noir', 'Mystery'] });
  expect(changedFields(fields, { ...fields, avatar_url: '/b.webp', description: 'A town.' })).toEqual({ avatar_url: '/b.webp', description: 'A town.' });
});

it('sends only the entry fields an edit changed', () => {
  const entry = saved.entries[0]!;
  expect(changedEntry(entry, { name: 'Docks', keywords: ['docks', 'harbour'], content: 'Fog.' })).toEqual({});
  expect(changedEntry(entry, { name: 'Docks', keywords: ['docks'], content: 'Rain.' })).toEqual({ keywords: ['docks'], content: 'Rain.' });
});
