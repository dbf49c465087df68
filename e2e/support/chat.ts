import type { Page } from '@playwright/test';
import { searchCatalog } from './catalog';

/** A character of the e2e catalog anyone may chat with (not NSFW). */
export async function safeCharacter() {
  const { hits } = await searchCatalog({ sort: 'trending' });
  const character = hits.find((h) => !h.is_nsfw);
  if (!character) throw new Error('no SFW character in the e2e catalog');
  return character;
}

/** The chat screen's messages, oldest first. */
export const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
export const lastMessage = (page: Page) => messages(page).last();

/** Types `text` in the chat input and sends it with Enter. */
export async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: /^Message / });
  await input.fill(text);
  await input.press('Enter');
}

/** The e2e model with a capacity of one stream (globalSetup.ts): the waiting room's spec is the only one that chooses it. */
export const QUEUE_MODEL_ID = 'fable-e2e-queue';
