import { expect, test } from '../support/test';
import { adminCall } from '../support/admin';
import { signInWithEmail, unique } from '../support/members';

/**
 * The older variants of the main application's screens (document 1 §6 "Feature flags"), with its flags switched off
 * by an admin (PUT /admin/applications/:id/flags) and back on after: a serial spec, since every page of the main
 * brand reads them.
 */
const V2_FLAGS = { onboarding_v2: true, create_v2: true, my_chatbots_v2: true, my_chats_v2: true, persona_v2: true } as const;
const switchFlags = (flags: Record<string, boolean>) => adminCall('PUT', '/admin/applications/fable/flags', { flags });

test.afterAll(async () => {
  await switchFlags({ ...V2_FLAGS, anonymous_create: false });
});

test('with the v2 flags off a new member sets up their username from home and meets the older screens', async ({ page }) => {
  await switchFlags(Object.fromEntries(Object.keys(V2_FLAGS).map((flag) => [flag, false])));
  const tag = unique();
  await page.goto('/');
  await signInWithEmail(page, `e2e-v1-${tag}@example.com`);

  // onboarding_v2 off: no onboarding modal; home asks for a username, set up on the sign-up page.
  const prompt = page.getByRole('region', { name: 'Choose your username' });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome Aboard' })).toHaveCount(0);
  await prompt.getByRole('link', { name: 'Set Up Username' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Username', { exact: true }).fill(`v1_${tag}`.slice(0, 20));
  await page.getByLabel('Name', { exact: true }).fill('Vee One');
  await page.getByLabel('I confirm that I am 18 year or older').check();
  await page.getByLabel(/I agree with the/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/I agree to follow the/).check();
  await page.getByRole('button', { name: 'Start Chatting' }).click();
  await expect(page.getByRole('button', { name: /Account menu of Vee One/ })).toBeVisible();
  await page.goto('/');
  await expect(page.getByPlaceholder('Dive into endless fantasies - start searching!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Choose your username' })).toHaveCount(0);

  // my_chats_v2 off: Recent Chats without its search.
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Chats' })).toBeVisible();
  await expect(page.getByText('No chats yet')).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);

  // create_v2 off: the v1 form, one plain box without suggestions or card import.
  await page.goto('/chatbot/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import Character Card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Suggest Tags' })).toHaveCount(0);

  // my_chatbots_v2 off: the grid alone, no search, filter or sort.
  await page.goto('/my-chatbots');
  await expect(page.getByRole('heading', { level: 1, name: 'My Chatbots' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Chatbot' }).first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search your chatbots' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);

  // persona_v2 off: the v1 messages.
  await page.goto('/personas/create');
  await page.getByRole('textbox', { name: 'Highlights' }).fill('A traveller.');
  await page.getByRole('button', { name: 'Create Persona' }).click();
  await expect(page.getByText("Name can't be empty")).toBeVisible();
});

test('with anonymous_create on a guest fills the create form before signing up', async ({ page }) => {
  await switchFlags({ anonymous_create: true });
  await page.goto('/chatbot/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Unleash Your Creativity: Create Chatbot Characters' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Create Your Own Chatbot' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Captain Rhea');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Captain Rhea');
});
