import { expect, test } from '../support/test';
import { lastMessage, messages, safeCharacter, send } from '../support/chat';
import { signUpNewMember } from '../support/members';
import { setEngine } from '../support/site';

// Replies come from the fake OpenAI-compatible engine (e2e/support/globalSetup.ts): it answers
// `*smiles* You said "<the first words>". Tell me more, I am listening.` a word at a time.
test('a guest chats and sees the reply arrive token by token', async ({ page }) => {
  const character = await safeCharacter();
  await page.goto(`/chat/${character.id}`);
  await expect(page.getByText('Unregistered users have limited text and image generation and chats are not saved.')).toBeVisible();
  const seen = new Set<string>();
  await send(page, 'Hello from the guest');
  await expect
    .poll(async () => {
      const text = (await lastMessage(page).innerText()).trim();
      seen.add(text);
      return text;
    }, { intervals: [50] })
    .toContain('I am listening.');
  // The reply grew in several steps before it was whole.
  const partials = [...seen].filter((t) => t.includes('smiles') && !t.includes('I am listening.'));
  expect(partials.length).toBeGreaterThanOrEqual(2);
  await expect(lastMessage(page)).toContainText('You said "Hello from the guest"');
});

test('a member’s chat survives a reload; regenerate and page the alternates; stop keeps the partial reply once', async ({ page }) => {
  test.setTimeout(90_000);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Mira', 'chat');
  await page.goto(`/chat/${character.id}`);
  await send(page, 'First words here');
  await expect(lastMessage(page)).toContainText('I am listening.');
  // The conversation now has its id in the URL.
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[^/]+$`));
  const conversationUrl = page.url();

  await page.reload();
  await expect(page.getByText('First words here', { exact: true })).toBeVisible();
  await expect(lastMessage(page)).toContainText('You said "First words here"');

  // Regenerate: the old reply becomes an alternate.
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByRole('group', { name: 'Alternate replies' })).toContainText('2 / 2');
  await page.getByRole('button', { name: 'Previous reply' }).click();
  await expect(page.getByRole('group', { name: 'Alternate replies' })).toContainText('1 / 2');
  // The arrow keys page too, clamped at the newest.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('group', { name: 'Alternate replies' })).toContainText('2 / 2');
  await expect(page.getByRole('button', { name: 'Next reply' })).toBeDisabled();

  // Stop a slow reply mid-stream: the part shown is saved, once.
  await setEngine('Please stop me now', { tokenIntervalMs: 400 });
  await send(page, 'Please stop me now');
  await expect(lastMessage(page)).toContainText('smiles');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await page.goto(conversationUrl);
  await expect(page.getByText('Please stop me now', { exact: true })).toBeVisible();
  const stopped = (await lastMessage(page).innerText()).trim();
  expect(stopped).toContain('smiles');
  expect(stopped).not.toContain('I am listening.');
  // Saved once: the partial reply follows the user's message and nothing else does.
  await expect(messages(page).nth(-2)).toContainText('Please stop me now');
});

test('the engine failing mid-stream leaves the conversation consistent and lets the user regenerate', async ({ page }) => {
  test.setTimeout(90_000);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Cato', 'fail');
  await page.goto(`/chat/${character.id}`);
  await send(page, 'Before the failure');
  await expect(lastMessage(page)).toContainText('I am listening.');
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[^/]+$`));
  const conversationUrl = page.url();

  await setEngine('This reply breaks', { cutAfterTokens: 3 });
  await send(page, 'This reply breaks');
  await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Close' }).last().click();

  await setEngine('This reply breaks');
  await page.goto(conversationUrl);
  await expect(page.getByText('This reply breaks', { exact: true })).toBeVisible();
  // Nothing half-written was kept: the last message is the user's.
  await expect(lastMessage(page)).toContainText('This reply breaks');
  await expect(messages(page).filter({ hasText: 'You said "This reply breaks' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastMessage(page)).toContainText('You said "This reply breaks"');
});
