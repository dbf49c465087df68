import type { Page } from '@playwright/test';
import type { Conversation } from '@fable/contracts';
import { lastMessage, safeCharacter, send } from '../support/chat';
import { signUpNewMember } from '../support/members';
import { freshAccessToken, setEngineEcho } from '../support/site';
import { expect, test } from '../support/test';

// Issue 14, personas: the pages of document 2 §2 on the real API, and the chat speaking as the default persona.

const form = (page: Page) => page.getByRole('form');
const field = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: true });
const cards = (page: Page) => page.getByTestId('persona-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allInnerTexts();

const EXPLICIT = 'Explicit Content Detected: NSFW content is not allowed on the product. Please remove or revise to continue.';
const DEFAULT_DELETE = 'You cannot delete the default persona, please set another persona as the default or create a new one first.';
const LIMIT = "You've reached the maximum allowance of 3 personas in the free tier. To create or update more, please delete existing ones or upgrade your tier";

/** Fills the persona form with a generated avatar (the demo generator) and creates the persona. */
async function createPersona(page: Page, name: string, highlights: string) {
  await page.goto('/personas/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Persona' })).toBeVisible();
  await form(page).getByRole('textbox', { name: 'Avatar prompt' }).fill(`A portrait of ${name}`);
  await form(page).getByRole('button', { name: 'Generate Avatar' }).click();
  await expect(form(page).getByRole('img', { name: /^Avatar of / })).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{32}\/400x400\.webp$/);
  await field(page, 'Name').fill(name);
  await field(page, 'Highlights').fill(highlights);
  await form(page).getByRole('button', { name: 'Create Persona' }).click();
  await expect(page).toHaveURL(/\/personas$/);
  await expect(card(page, name)).toBeVisible();
}

/** The member's conversations, from the API with the page's own token. */
async function conversationsOf(page: Page): Promise<Conversation[]> {
  const accessToken = await freshAccessToken(page);
  const response = await fetch(`${process.env.E2E_API_URL}/api/conversations`, {
    headers: { Authorization: `Bearer ${accessToken}`, 'X-Application-Id': 'fable' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { conversations: Conversation[] }).conversations;
}


test('signed out, /personas is the marketing page with Create Free Account', async ({ page }) => {
  await page.goto('/personas');
  await expect(page.getByRole('heading', { level: 1, name: 'Be Anyone You Want: Create Your Personas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Free Account' })).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('a member creates personas (every rule heard), makes the second default, cannot delete it, edits, meets the limit, deletes one, and chats as the default', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await signUpNewMember(page, 'Petra Persona', 'pe');
  await page.goto('/personas');
  await expect(page.getByRole('heading', { level: 1, name: 'My Personas' })).toBeVisible();
  await expect(page.getByText('No personas yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create Persona' }).click();
  await expect(page).toHaveURL(/\/personas\/create$/);

  // The v2 form's messages (document 2 §5), each where it belongs; Save is off until something is typed.
  const create = form(page).getByRole('button', { name: 'Create Persona' });
  await expect(create).toBeDisabled();
  await field(page, 'Name').fill('Wr');
  await create.click();
  for (const message of ['Avatar is required', 'At least 3 characters required', 'This field is required']) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form(page).getByRole('button', { name: 'Generate Avatar' })).toBeFocused();
  await expect(form(page).getByRole('checkbox', { name: 'Make this my default persona' })).toBeChecked();

  // The content checks (document 1 §8): explicit highlights are refused with 4208's text, under the highlights.
  await form(page).getByRole('textbox', { name: 'Avatar prompt' }).fill('A cartographer with ink-stained hands');
  await form(page).getByRole('button', { name: 'Generate Avatar' }).click();
  await expect(form(page).getByRole('img', { name: /^Avatar of / })).toBeVisible();
  await field(page, 'Name').fill('Wren');
  await field(page, 'Highlights').fill('Always horny and looking for porn.');
  await create.click();
  await expect(form(page).getByText(EXPLICIT, { exact: true })).toBeVisible();
  await expect(field(page, 'Highlights')).toBeFocused();
  await field(page, 'Highlights').fill('A wandering cartographer with ink-stained hands.');
  await create.click();
  await expect(page).toHaveURL(/\/personas$/);
  await expect(page.getByText('Persona created', { exact: true })).toBeVisible();
  // The first persona is the default.
  await expect(card(page, 'Wren').getByText('Default', { exact: true })).toBeVisible();

  await createPersona(page, 'Orla', 'A sea captain who never loses a bet.');
  await expect.poll(() => cardNames(page)).toEqual(['Wren', 'Orla']);

  // Make Default on the second: it comes first with the badge.
  await card(page, 'Orla').getByRole('button', { name: 'Make Default' }).click();
  await expect(page.getByText('Orla is now your default persona')).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Orla', 'Wren']);
  await expect(card(page, 'Orla').getByText('Default', { exact: true })).toBeVisible();
  await expect(card(page, 'Wren').getByRole('button', { name: 'Make Default' })).toBeVisible();
  await expect(card(page, 'Orla').getByRole('button', { name: 'Make Default' })).toHaveCount(0);

  // The default cannot be deleted.
  await card(page, 'Orla').getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: DEFAULT_DELETE });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Unable to delete default persona.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, 'Orla')).toBeVisible();

  // Edit: Save is off until a change; the change is saved.
  await card(page, 'Wren').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/personas\/edit\?id=[^&]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Persona' })).toBeVisible();
  const save = form(page).getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await field(page, 'Highlights').fill('A cartographer who maps the stars.');
  // Leaving with the change asks first; Escape stays.
  await page.getByRole('link', { name: 'Cancel' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(unsaved).toContainText('You have unsaved changes');
  await expect(unsaved.getByRole('button', { name: 'Discard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(unsaved).toHaveCount(0);
  await save.click();
  await expect(page).toHaveURL(/\/personas$/);
  await expect(page.getByText('Persona updated', { exact: true })).toBeVisible();
  await expect(card(page, 'Wren')).toContainText('A cartographer who maps the stars.');

  // A third persona reaches the free tier's 3; Create then opens Limit Reached with Upgrade.
  await createPersona(page, 'Spare Self', 'Only here for a moment.');
  await page.getByRole('link', { name: 'Create Persona' }).click();
  const limit = page.getByRole('dialog', { name: 'Limit Reached' });
  await expect(limit).toContainText(LIMIT);
  await expect(limit.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  await limit.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/personas$/);

  // Delete asks first.
  await card(page, 'Spare Self').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Persona' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Persona deleted', { exact: true })).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Orla', 'Wren']);
  const orlaEdit = await card(page, 'Orla').getByRole('link', { name: 'Edit' }).getAttribute('href');
  const orlaId = new URL(orlaEdit!, 'http://site').searchParams.get('id');

  // The chat: with two personas the picker asks who chats, the default first; Manage Personas reaches this page.
  const character = await safeCharacter();
  await page.goto(`/chat/${character.id}`);
  await send(page, 'Ahoy there');
  let picker = page.getByRole('dialog', { name: `Who is going to chat with ${character.name}` });
  await expect(picker).toBeVisible();
  await picker.getByRole('link', { name: 'Manage Personas' }).click();
  await expect(page).toHaveURL(/\/personas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Personas' })).toBeVisible();

  await page.goto(`/chat/${character.id}`);
  await send(page, 'Ahoy there');
  picker = page.getByRole('dialog', { name: `Who is going to chat with ${character.name}` });
  // The default first and chosen; both personas by name.
  // The personas load when the picker opens (after the reload the page renews its token first).
  await expect(picker.getByRole('radio')).toHaveCount(2, { timeout: 15_000 });
  await expect(picker.getByRole('radio').first()).toHaveAccessibleName(/^Orla/);
  await expect(picker.getByRole('radio').first()).toBeChecked();
  await expect(picker.getByRole('radio').nth(1)).toHaveAccessibleName(/^Wren/);
  await picker.getByRole('button', { name: `Chat with ${character.name}` }).click();
  await expect(lastMessage(page)).toContainText('I am listening.', { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[^/]+$`));
  const conversationId = new URL(page.url()).pathname.split('/')[3];
  const conversation = (await conversationsOf(page)).find((c) => c.id === conversationId);
  expect(conversation?.user_persona_id).toBe(orlaId);

  // The prompt speaks of the default persona: the engine echoes what it received, Orla's name and highlights in it.
  await setEngineEcho('Who am I?');
  await send(page, 'Who am I?');
  await expect(lastMessage(page)).toContainText("Orla's persona", { timeout: 20_000 });
  await expect(lastMessage(page)).toContainText('A sea captain who never loses a bet.');
  await expect(lastMessage(page)).not.toContainText('maps the stars');
});
