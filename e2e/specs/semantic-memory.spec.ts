import type { Page } from '@playwright/test';
import { lastMessage, messages, safeCharacter, send } from '../support/chat';
import { subscribeByCard } from '../support/checkout';
import { signUpNewMember, unique } from '../support/members';
import { apiCall, setEngineEcho } from '../support/site';
import { expect, test } from '../support/test';

// Issue 26, semantic memory: a True Supporter (conversation_memory_auto) tells the bot a fact; after three messages
// the platform distils it in the background into an automatic memory, the memory manager lists it as Automatic, and
// the next turn's prompt recalls it (the fake engine echoes the prompt it received).

/** Sends `text` and waits for the whole reply (the engine quotes the message's first words; Regenerate shows at the end). */
async function turn(page: Page, text: string) {
  const before = await messages(page).count();
  await send(page, text);
  await expect(messages(page)).toHaveCount(before + 2);
  await expect(lastMessage(page)).toContainText(`You said "${text.split(' ').slice(0, 3).join(' ')}`, { timeout: 20_000 });
  await expect(lastMessage(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
}

test('a True Supporter’s fact becomes an automatic memory, listed by the memory manager and recalled into the prompt', async ({ page }) => {
  test.setTimeout(150_000);
  const character = await safeCharacter();
  const friend = `Ansel${unique()}`;
  await page.goto('/');
  await signUpNewMember(page, 'Mira', 'memory');
  await subscribeByCard(page, '4242 4242 4242 4242', 'basic_1m');

  await page.goto(`/chat/${character.id}`);
  await expect(messages(page)).toHaveCount(1); // the greeting
  await turn(page, `My oldest friend is a lighthouse keeper named ${friend}.`);
  const dialog = page.getByRole('dialog', { name: 'Memories' });
  const openMemories = async () => {
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Manage Memories' }).click();
    await expect(dialog).toBeVisible();
  };
  const closeMemories = async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  };
  // Opened before anything is distilled: the manager shows what there is then (and must not keep showing it).
  await openMemories();
  await expect(dialog.getByText('No memories yet.')).toBeVisible();
  await closeMemories();
  await turn(page, 'The tea here is very good.');
  await turn(page, 'Tell me about the harbour tonight.');

  await test.step('the distillation writes it in the background', async () => {
    const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect
      .poll(async () => (await apiCall<{ memories: Array<{ content: string; memory_type: string }> }>(page, 'GET', `/conversations/${conversationId}/memories`)).memories, { timeout: 30_000 })
      .toContainEqual(expect.objectContaining({ content: expect.stringContaining(friend), memory_type: 'other' }));
  });

  await test.step('the memory manager, opened again, lists the distilled fact as Automatic', async () => {
    await openMemories();
    const item = dialog.getByRole('listitem').filter({ hasText: friend });
    await expect(item).toContainText('lighthouse keeper');
    await expect(item).toContainText('Automatic');
    await closeMemories();
  });

  await test.step('the next turn’s prompt recalls it', async () => {
    const question = `Who keeps the lighthouse, do you remember ${unique()}?`;
    await setEngineEcho(question);
    await send(page, question);
    const reply = lastMessage(page);
    await expect(reply).toContainText('[Memories]', { timeout: 20_000 });
    await expect(reply).toContainText(`lighthouse keeper named ${friend}`);
  });
});
