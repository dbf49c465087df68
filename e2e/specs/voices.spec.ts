import type { Page } from '@playwright/test';
import { lastMessage, messages, safeCharacter, send } from '../support/chat';
import { subscribeByCard } from '../support/checkout';
import { signUpNewMember } from '../support/members';
import { apiCall } from '../support/site';
import { searchCatalog } from '../support/catalog';
import { expect, test } from '../support/test';

// Issue 27, voices (document 1 §2 Set Voice and Voice Selection, §4 audio per message and voice rating, §6 the voice
// rule, §7 the realtime socket, §8 texts). eSpeak NG speaks for real: the page decodes every chunk it is sent.

/** Records in the page each audio buffer the player decodes (its seconds), before any page script runs. */
async function recordDecodedAudio(page: Page) {
  await page.addInitScript(() => {
    const decoded: number[] = [];
    (window as unknown as { __decodedAudio: number[] }).__decodedAudio = decoded;
    const decode = AudioContext.prototype.decodeAudioData;
    AudioContext.prototype.decodeAudioData = async function (this: AudioContext, bytes: ArrayBuffer) {
      const buffer = await decode.call(this, bytes);
      decoded.push(buffer.duration);
      return buffer;
    } as typeof decode;
  });
}
const decodedSeconds = (page: Page) => page.evaluate(() => (window as unknown as { __decodedAudio: number[] }).__decodedAudio);

async function firstTurn(page: Page, text: string) {
  await expect(messages(page)).toHaveCount(1);
  await send(page, text);
  await expect(messages(page)).toHaveCount(3);
  await expect(lastMessage(page).getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 20_000 });
}

test('a subscriber picks a voice, hears a reply (real audio, decoded in the page) and rates the voice', async ({ page }) => {
  test.setTimeout(120_000);
  await recordDecodedAudio(page);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Vera', 'voice');
  await subscribeByCard(page, '4242 4242 4242 4242', 'basic_1m');
  await page.goto(`/chat/${character.id}`);
  await firstTurn(page, 'Tell me about the harbour.');

  // No voice yet: Play opens the Voice Selection, and the reply plays once one is chosen.
  await lastMessage(page).getByRole('button', { name: /Play$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Voice Selection' });
  await expect(modal).toBeVisible();
  const voices = modal.getByRole('list', { name: 'Voice Selection' }).getByRole('listitem');
  await expect(voices).toHaveCount(6);
  await modal.getByRole('tab', { name: 'Female' }).click();
  await expect(voices).toHaveCount(3);
  await expect(voices.filter({ hasText: /\bMale ·/ })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Choose Aria' }).click();
  await expect(page.getByText('Voice Selected')).toBeVisible();
  await expect(modal).toBeHidden();

  await expect(lastMessage(page).getByRole('button', { name: /Stop$/ })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await decodedSeconds(page)).reduce((a, b) => a + b, 0), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // Played to its end, the button is Play again.
  await expect(lastMessage(page).getByRole('button', { name: /Play$/ })).toBeVisible({ timeout: 60_000 });

  // The voice rating: Dislike asks why; Favorite is thanked.
  const rating = lastMessage(page).getByRole('group', { name: 'How did the voice sound?' });
  await rating.getByRole('button', { name: 'Dislike' }).click();
  await expect(rating.getByRole('group', { name: 'What was wrong with the voice?' }).getByRole('button')).toHaveCount(5);
  await rating.getByRole('button', { name: 'Favorite' }).click();
  await expect(page.getByText('Thanks for the feedback!')).toBeVisible();

  // The conversation keeps its voice: the menu offers Voice Change, and a second play takes the kept audio.
  await page.reload();
  await page.getByRole('button', { name: 'Chat options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Voice Change' })).toBeVisible();
  await page.keyboard.press('Escape');
  const before = (await decodedSeconds(page)).length;
  await lastMessage(page).getByRole('button', { name: /Play$/ }).click();
  await expect.poll(async () => (await decodedSeconds(page)).length, { timeout: 20_000 }).toBeGreaterThan(before);
});

test('a free member is offered the upgrade, a guest the sign-up', async ({ page }) => {
  const character = await safeCharacter();
  await page.goto(`/chat/${character.id}`);
  await expect(messages(page)).toHaveCount(1);
  await lastMessage(page).getByRole('button', { name: /Play$/ }).click();
  await expect(page.getByRole('dialog')).toContainText(/sign|account/i);
  await page.keyboard.press('Escape');

  await page.goto('/');
  await signUpNewMember(page, 'Finn', 'voicefree');
  await page.goto(`/chat/${character.id}`);
  await firstTurn(page, 'Say something.');
  await lastMessage(page).getByRole('button', { name: /Play$/ }).click();
  const upgrade = page.getByRole('dialog', { name: 'Hear your chatbots speak' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', /subscribe/);
});

test('speech input: a refused microphone asks for permission; granted, what is said is written into the message', async ({ page, context }) => {
  test.setTimeout(90_000);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Milo', 'mic');
  await page.goto(`/chat/${character.id}`);
  await expect(messages(page)).toHaveCount(1);
  const mic = page.getByRole('button', { name: 'Speak your message' });
  await mic.click();
  const permission = page.getByRole('dialog', { name: 'Permission Required' });
  await expect(permission).toBeVisible();
  await permission.getByRole('button', { name: 'OK' }).click();

  await context.grantPermissions(['microphone']);
  await mic.click();
  const stop = page.getByRole('button', { name: 'Stop and use what I said' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1200);
  await stop.click();
  // The fake engine's /v1/audio/transcriptions heard the fake microphone's tone.
  const input = page.getByRole('textbox', { name: /^Message / });
  await expect(input).toHaveValue('Tell me a story about the sea.', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(1)).toContainText('Tell me a story about the sea.');
});

test('a True Supporter translates a chatbot into Spanish, with its progress, and chats with it', async ({ page }) => {
  test.setTimeout(120_000);
  // An English chatbot no one has translated into Spanish.
  const { hits } = await searchCatalog({ sort: 'trending' });
  const character = hits.find((h) => !h.is_nsfw && h.language === 'en' && !(h.translated_languages ?? []).includes('es'))!;
  expect(character).toBeDefined();
  await page.goto('/');
  await signUpNewMember(page, 'Sofia', 'translate');
  await subscribeByCard(page, '4242 4242 4242 4242', 'basic_1m');
  await page.goto('/profile');
  await page.getByLabel('Preferred chat language').selectOption('es');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile saved successfully.')).toBeVisible();

  await page.goto(`/chat/${character.id}`);
  await expect(messages(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Translate into Español' }).click();
  const modal = page.getByRole('dialog', { name: `Translate ${character.name}` });
  await expect(modal).toContainText('may take up to 60 seconds');
  await modal.getByRole('button', { name: 'Translate' }).click();
  await expect(modal.getByRole('progressbar', { name: 'Translation progress' })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText('%');
  await expect(modal).toContainText('now speaks Español', { timeout: 60_000 });
  await modal.getByRole('button', { name: 'Start chatting' }).click();
  // Translated: no Translate any more, and the chat starts from the translated greeting.
  await expect(page.getByRole('button', { name: 'Translate into Español' })).toBeHidden();
  const translated = await apiCall<{ fields: { greeting: string } }>(page, 'GET', `/characters/${character.id}/translations/es`);
  await expect(messages(page).first()).toContainText(translated.fields.greeting.slice(0, 20));
  await send(page, 'Hola, amigo.');
  await expect(messages(page)).toHaveCount(3);
  await expect(lastMessage(page).getByRole('button', { name: 'Regenerate' })).toBeVisible({ timeout: 20_000 });
});
