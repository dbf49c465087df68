import { GENERATION_DEFAULTS } from '@fable/contracts';
import type { Browser, Page } from '@playwright/test';
import { adminCall } from '../support/admin';
import { searchCatalog } from '../support/catalog';
import { lastMessage, QUEUE_MODEL_ID, safeCharacter, send } from '../support/chat';
import { subscribeByCard } from '../support/checkout';
import { signUpNewMember, unique } from '../support/members';
import { apiCall, setEngine } from '../support/site';
import { expect, test } from '../support/test';

/**
 * The waiting room (document 1 §4, issue 25) against the real API: the e2e model QUEUE_MODEL_ID serves one stream at
 * a time, and only this spec's members choose it, so its line is this spec's alone.
 */
async function memberOnQueueModel(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signUpNewMember(page, name, 'queue');
  await apiCall(page, 'PATCH', '/v2/users', { settings: { inferenceSettings: { ...GENERATION_DEFAULTS, model: QUEUE_MODEL_ID } } });
  return page;
}

const waitingRoom = (page: Page) => page.getByRole('dialog', { name: 'Waiting Room' });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message / });

/** A slow reply on the one stream: it holds the engine for about 20 s. */
async function holdTheStream(page: Page, characterId: string): Promise<void> {
  const words = `Hold the line ${unique()}`;
  await setEngine(words, { tokenIntervalMs: 1_300 });
  await page.goto(`/chat/${characterId}`);
  await send(page, words);
  await expect(lastMessage(page)).toContainText('smiles');
}

test('with one stream of capacity, a free member waits and then chats; I’m All In is not queued; a signed bypass link skips the line', async ({ browser }) => {
  test.setTimeout(240_000);
  const character = await safeCharacter();
  const premium = await memberOnQueueModel(browser, 'Quinn');
  await subscribeByCard(premium, '4242 4242 4242 4242', 'premium_1m');
  const free = await memberOnQueueModel(browser, 'Wren');

  await test.step('a free member waits while the one stream is taken', async () => {
    await holdTheStream(premium, character.id);
    await free.goto(`/chat/${character.id}`);
    await expect(waitingRoom(free).getByText('You are in line to chat: 1')).toBeVisible();
    await expect(waitingRoom(free).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    await waitingRoom(free).getByRole('button', { name: 'Keep Waiting' }).click();
    await expect(free.getByText(/^(Waiting Room Position: 1|Waiting Time is \d+ Minutes)$/)).toBeVisible();
    await expect(composer(free)).toBeDisabled();
  });

  await test.step('an I’m All In member at the same moment is not queued', async () => {
    const second = await premium.context().newPage();
    await second.goto(`/chat/${character.id}`);
    await expect(composer(second)).toBeEnabled();
    await expect(waitingRoom(second)).toHaveCount(0);
    await expect(second.getByText(/Waiting Room Position|Waiting Time is/)).toHaveCount(0);
    await second.close();
  });

  await test.step('the stream ends: "Chat is Available", and the free member chats', async () => {
    await expect(lastMessage(premium)).toContainText('I am listening.', { timeout: 60_000 });
    await expect(free.getByText('Chat is Available')).toBeVisible({ timeout: 20_000 });
    await expect(composer(free)).toBeEnabled();
    await send(free, 'My turn at last');
    await expect(lastMessage(free)).toContainText('You said "My turn at last"');
  });

  await test.step('a signed bypass link skips the line for its character only', async () => {
    const other = await memberOnQueueModel(browser, 'Ash');
    const link = await adminCall<{ path: string }>('POST', '/admin/queue/bypass-links', { character_id: character.id, hours: 1 });
    await holdTheStream(premium, character.id);
    await other.goto(link.path);
    await expect(composer(other)).toBeEnabled();
    await expect(other.getByText(character.name, { exact: false }).first()).toBeVisible();
    await expect(waitingRoom(other)).toHaveCount(0);
    // Another character's chat still waits.
    const { hits } = await searchCatalog({ sort: 'trending' });
    const elsewhere = hits.find((h) => !h.is_nsfw && h.id !== character.id)!;
    await other.goto(`/chat/${elsewhere.id}`);
    await expect(waitingRoom(other).getByText(/^You are in line to chat: \d+$/)).toBeVisible();
  });
});
