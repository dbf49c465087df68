import type { Page } from '@playwright/test';
import { lastMessage, messages, safeCharacter, send } from '../support/chat';
import { subscribeByCard } from '../support/checkout';
import { signUpNewMember, unique } from '../support/members';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { apiCall } from '../support/site';
import { expect, test } from '../support/test';

// Issue 26, conversation images and image training (document 1 §1 perks, §2 modals, §4 image button and "edit image
// prompt with Settings and Generate", §7 the conversation image endpoint and POST characters/train). The demo
// generator draws and the demo trainer trains.

const imageButton = (page: Page) => page.getByRole('button', { name: 'Generate an image' });

/** Sends `text` and waits for the whole reply: the conversation exists on the server afterwards. */
async function firstTurn(page: Page, text: string) {
  await expect(messages(page)).toHaveCount(1); // the greeting
  await send(page, text);
  await expect(messages(page)).toHaveCount(3);
  await expect(lastMessage(page).getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 20_000 });
}

/** The picture really loaded (a stored WebP served by the API). */
async function expectLoaded(page: Page, alt: string) {
  const picture = page.getByRole('img', { name: `Generated image: ${alt}` });
  await expect(picture).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(500);
  return picture;
}

test('a True Supporter generates an image in a chat, edits its prompt and generates it again', async ({ page }) => {
  test.setTimeout(120_000);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Iris', 'img');
  await subscribeByCard(page, '4242 4242 4242 4242', 'basic_1m');
  await page.goto(`/chat/${character.id}`);
  await firstTurn(page, 'Show me the harbour at night.');

  await imageButton(page).click();
  const first = lastMessage(page).getByRole('img', { name: /^Generated image: / });
  await expect(first).toBeVisible({ timeout: 20_000 });
  const derived = (await first.getAttribute('alt'))!.replace('Generated image: ', '');
  expect(derived).toContain(character.name);
  await expectLoaded(page, derived);
  await expect(messages(page)).toHaveCount(4);

  const prompt = `A lighthouse in the storm ${unique()}`;
  await lastMessage(page).getByRole('button', { name: 'Edit prompt' }).click();
  await lastMessage(page).getByRole('textbox', { name: 'Image prompt' }).fill(prompt);
  await lastMessage(page).getByRole('button', { name: 'Generate' }).click();
  await expectLoaded(page, prompt);
  await expect(lastMessage(page).getByText(prompt)).toBeVisible();
  await expect(messages(page)).toHaveCount(4);

  // Kept: the conversation, opened again, shows the image message with its new prompt.
  await page.reload();
  await expectLoaded(page, prompt);
  await expect(messages(page)).toHaveCount(4);
});

test('a free member gets the premium prompt, whose Upgrade opens the subscribe page', async ({ page }) => {
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Noor', 'imgfree');
  await page.goto(`/chat/${character.id}`);
  await firstTurn(page, 'Paint me a picture of this place.');
  await imageButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Conversation images' });
  await expect(dialog).toContainText('Generate images of your chats with True Supporter');
  await expectNoSeriousA11yViolations(page, 'the conversation images upgrade prompt');
  await dialog.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('True Supporter').first()).toBeVisible();
});

test('I’m All In: in legacy mode a private chatbot is trained on request, becomes ready, and then draws', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await signUpNewMember(page, 'Tove', 'imgtrain');
  await subscribeByCard(page, '4242 4242 4242 4242', 'premium_1m');
  const name = `Wren ${unique().slice(-4)}`;
  const chatbot = await apiCall<{ id: string }>(page, 'POST', '/characters', {
    name,
    title: `${name}, a painter of birds`,
    greeting: `${name} looks up from the easel.`,
    persona: `${name} paints birds by the sea.`,
    visibility: 'private',
    avatar_url: `/api/avatars/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
    guidelines: true,
  });
  await page.goto(`/chat/${chatbot.id}`);
  await firstTurn(page, 'What are you painting today?');

  await test.step('legacy mode on, in the Conversation Image Settings', async () => {
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Conversation Image Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Conversation Image Settings' });
    await expect(settings.getByRole('radio', { name: 'Anime V2' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'the Conversation Image Settings');
    await settings.getByRole('switch', { name: 'Legacy mode' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toHaveCount(0);
  });

  await test.step('the image button asks for training; the request succeeds with its place in the queue', async () => {
    await imageButton(page).click();
    const training = page.getByRole('dialog', { name: 'Chatbot Image Training' });
    await expect(training).toContainText(`${name} has no trained image model yet`);
    await expectNoSeriousA11yViolations(page, 'the Chatbot Image Training');
    await training.getByRole('button', { name: 'Request training' }).click();
    await expect(training.getByRole('status')).toContainText('Training requested.');
    await page.keyboard.press('Escape');
    await expect(training).toHaveCount(0);
  });

  await test.step('the demo trainer makes it ready; the image button then draws with the trained model', async () => {
    await expect.poll(async () => (await apiCall<{ lora_status: string }>(page, 'GET', `/characters/${chatbot.id}`)).lora_status, { timeout: 30_000 }).toBe('ready');
    await page.reload();
    await expect(messages(page)).toHaveCount(3);
    await imageButton(page).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const picture = lastMessage(page).getByRole('img', { name: /^Generated image: / });
    await expect(picture).toBeVisible({ timeout: 20_000 });
    await expect(messages(page)).toHaveCount(4);
  });
});
