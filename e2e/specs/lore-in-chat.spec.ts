import { lastMessage, send } from '../support/chat';
import { signUpNewMember, unique } from '../support/members';
import { apiCall, setEngineEcho } from '../support/site';
import { expect, test } from '../support/test';

// Issue 14, lore in the chat: a lorebook attached to a chatbot puts into the prompt the entry whose keyword the user
// wrote, and only that one. The fake engine echoes the prompt it received (setEngineEcho), so the reply shows it.

const ENTRIES = [
  { name: 'The Moonwell', keywords: ['Moonwell', 'silver pool'], content: 'The Moonwell glows only at midnight and answers one question a year.' },
  { name: 'The Anvil Hall', keywords: ['Anvil Hall', 'forge of kings'], content: 'The Anvil Hall forged the crown of the first dwarf queen.' },
  { name: 'The Whisperwood', keywords: ['Whisperwood', 'old forest'], content: 'The Whisperwood trees repeat every secret spoken under them.' },
];


test('a lorebook attached to a chatbot: the entry whose keyword the user wrote reaches the prompt, the others do not', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUpNewMember(page, 'Lore Keeper', 'lic');
  const name = `Sage ${unique().slice(-4)}`;
  const chatbot = await apiCall<{ id: string }>(page, 'POST', '/characters', {
    name,
    title: `${name}, keeper of old tales`,
    greeting: `${name} opens a dusty book.`,
    persona: `${name} is a librarian who knows every legend of the realm.`,
    visibility: 'private',
    avatar_url: `/api/avatars/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
    guidelines: true,
  });
  const lorebook = await apiCall<{ id: string; entries: { name: string }[] }>(page, 'POST', '/lorebooks', {
    name: 'Realm Legends',
    description: 'Places of the realm and their legends.',
    tags: ['fantasy', 'legends'],
    avatar_url: '/api/avatars/realm-legends.svg',
    entries: ENTRIES,
    guidelines: true,
  });
  expect(lorebook.entries.map((e) => e.name)).toEqual(ENTRIES.map((e) => e.name));
  await apiCall(page, 'PUT', `/characters/${chatbot.id}/lorebooks/${lorebook.id}`);

  await setEngineEcho('What do you know about the Moonwell?');
  await page.goto(`/chat/${chatbot.id}`);
  await send(page, 'What do you know about the Moonwell?');
  const reply = lastMessage(page);
  await expect(reply).toContainText(ENTRIES[0]!.content, { timeout: 20_000 });
  await expect(reply).toContainText('What do you know about the Moonwell?');
  await expect(reply).not.toContainText(ENTRIES[1]!.content);
  await expect(reply).not.toContainText(ENTRIES[2]!.content);
});
