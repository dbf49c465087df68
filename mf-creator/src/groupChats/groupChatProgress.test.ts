import { clearProgress, progressFor, readProgress, writeProgress, type GroupChatInProgress } from './groupChatProgress';
import { emptyGroupChat } from './groupChatValues';

beforeEach(() => window.sessionStorage.clear());

const progress: GroupChatInProgress = {
  characterId: 'g1',
  returnTo: '/groupchat/edit/g1',
  values: { ...emptyGroupChat(), name: 'Crew', visibility: 'public', members: [{ id: 'a', name: 'Al', avatar_url: null, visibility: 'public' }] },
};

it('keeps a group in progress for its user in this tab, for the group it belongs to', () => {
  writeProgress('u1', progress);
  expect(readProgress('u1')).toEqual(progress);
  expect(readProgress('u2')).toBeNull();
  expect(progressFor('u1', 'g1')).toEqual(progress);
  expect(progressFor('u1', null)).toBeNull();
  expect(progressFor('u1', 'g2')).toBeNull();
  clearProgress('u1');
  expect(readProgress('u1')).toBeNull();
});

it('ignores what it cannot read: broken JSON, a foreign shape, a return path elsewhere', () => {
  window.sessionStorage.setItem('fable.groupchatInProgress.u1', '{not json');
  expect(readProgress('u1')).toBeNull();
  window.sessionStorage.setItem('fable.groupchatInProgress.u1', JSON.stringify({ characterId: null }));
  expect(readProgress('u1')).toBeNull();
  window.sessionStorage.setItem('fable.groupchatInProgress.u1', JSON.stringify({ ...progress, returnTo: 'https://evil.example/' }));
  expect(readProgress('u1')).toBeNull();
});
