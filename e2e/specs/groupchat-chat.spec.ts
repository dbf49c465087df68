import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { lastMessage, messages, send } from '../support/chat';
import { signUpNewMember, unique } from '../support/members';
import { apiCall, setEngine } from '../support/site';
import { expect, test } from '../support/test';

// Issue 14, group chats in the chat (document 1 §2 "sub-character quick-pick strip", §6 "Next … AUTO"): each reply is
// one member speaking, shown under its name and avatar. Replies come from the e2e fake engine (globalSetup.ts).

const chatbot = (name: string, persona: string) => ({
  name,
  title: `${name}, on the night watch`,
  greeting: `${name} nods.`,
  persona,
  visibility: 'private',
  avatar_url: `/api/avatars/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
  guidelines: true,
});


const strip = (page: Page) => page.getByRole('toolbar', { name: 'Who speaks next' });
/** The name shown above a message, and its avatar. */
const from = (page: Page, index: number, name: string) => messages(page).nth(index).getByText(name, { exact: true });

test('a member opens their group chat of three, picks who speaks from the strip, lets the group choose with Next, and sees who writes a reply while it streams', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUpNewMember(page, 'Nora Night', 'gcc');
  const tag = unique().slice(-4);
  const [mira, vale, juno] = [`Mira ${tag}`, `Vale ${tag}`, `Juno ${tag}`];
  const first = await apiCall<{ id: string }>(page, 'POST', '/characters', chatbot(mira, `${mira} is a starship captain who never backs down.`));
  const second = await apiCall<{ id: string }>(page, 'POST', '/characters', chatbot(vale, `${vale} is a tired detective in a rainy city.`));
  const third = await apiCall<{ id: string }>(page, 'POST', '/characters', chatbot(juno, `${juno} is a lighthouse keeper who hums old songs.`));
  const group = await apiCall<{ id: string }>(page, 'POST', '/groupchats', {
    name: `Watch ${tag}`,
    visibility: 'private',
    sub_character_ids: [first.id, second.id, third.id],
  });

  await page.goto(`/chat/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Watch ${tag}` })).toBeVisible();
  await expect(page.getByText('Say something to the group, or pick who speaks first.')).toBeVisible();
  await expect(strip(page).getByRole('button')).toHaveText([mira, vale, juno, 'Next']);
  await expectNoSeriousA11yViolations(page, 'group chat');

  // The user speaks; Vale, picked from the strip, answers under its name and avatar.
  await page.getByRole('textbox', { name: `Message Watch ${tag}…` }).fill('Who is on watch tonight?');
  const picked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/chat'));
  await strip(page).getByRole('button', { name: vale }).click();
  expect((await picked).postDataJSON()).toMatchObject({ character_id: group.id, message: 'Who is on watch tonight?', sub_character_id: second.id });
  await expect(lastMessage(page)).toContainText('I am listening.');
  await expect(messages(page)).toHaveCount(2);
  await expect(from(page, 1, vale)).toBeVisible();
  await expect(lastMessage(page).getByRole('img', { name: vale })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/chat/${group.id}/[^/]+$`));

  // Next twice: the group chooses (AUTO) each time; never the member who just spoke, so each reply is another
  // member's, under its own name and avatar and no one else's.
  const members = [mira, vale, juno];
  const spoke = [vale];
  for (const index of [2, 3]) {
    const auto = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/chat'));
    await strip(page).getByRole('button', { name: 'Next' }).click();
    expect((await auto).postDataJSON()).toMatchObject({ sub_character_id: 'AUTO' });
    await expect(messages(page)).toHaveCount(index + 1);
    await expect(lastMessage(page)).toContainText('I am listening.');
    const shown: string[] = [];
    for (const name of members) if ((await from(page, index, name).count()) > 0) shown.push(name);
    expect(shown, `the reply at ${index} is under one member's name`).toHaveLength(1);
    const [speaker] = shown as [string];
    expect(speaker).not.toBe(spoke.at(-1));
    await expect(lastMessage(page).getByRole('img', { name: speaker })).toBeVisible();
    for (const other of members.filter((n) => n !== speaker)) await expect(lastMessage(page).getByRole('img', { name: other })).toHaveCount(0);
    spoke.push(speaker);
  }

  // A message naming a member goes to that member; after a reload every reply is still under its member.
  await send(page, `${vale}, what did you see?`);
  await expect(messages(page)).toHaveCount(6);
  await expect(lastMessage(page)).toContainText('I am listening.');
  await expect(from(page, 5, vale)).toBeVisible();
  await page.reload();
  await expect(messages(page)).toHaveCount(6);
  for (const [index, name] of [[1, vale], [2, spoke[1]!], [3, spoke[2]!], [5, vale]] as const) await expect(from(page, index, name)).toBeVisible();

  // A slow reply the group chooses (AUTO): while it is being written it is already under its member's name and
  // avatar (the stream's start names the member), never the group's, and it stays theirs once done.
  await setEngine(`${vale}, what did you see?`, { tokenIntervalMs: 400 });
  await strip(page).getByRole('button', { name: 'Next' }).click();
  await expect(messages(page)).toHaveCount(7);
  await expect(lastMessage(page)).toContainText('smiles');
  const writing: string[] = [];
  for (const name of members) if ((await from(page, 6, name).count()) > 0) writing.push(name);
  expect(writing, 'the reply being written is under one member’s name').toHaveLength(1);
  const [writer] = writing as [string];
  expect(writer).not.toBe(vale);
  await expect(lastMessage(page).getByRole('img', { name: writer })).toBeVisible();
  await expect(lastMessage(page).getByText(`Watch ${tag}`, { exact: true })).toHaveCount(0);
  // All of that was seen before the reply's end.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(lastMessage(page)).not.toContainText('I am listening.');
  await expect(lastMessage(page)).toContainText('I am listening.', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(from(page, 6, writer)).toBeVisible();
});
