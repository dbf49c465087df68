import type { Locator, Page } from '@playwright/test';
import { signUpNewMember, unique } from '../support/members';
import { expect, test } from '../support/test';

// Issue 14: a lorebook's life in the creator studio, from the one-time guide to its removal, on the real API.

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const form = (page: Page) => page.getByRole('form', { name: 'Create Lorebook' });

async function fillEntry(dialog: Locator, { name, keywords, content }: { name: string; keywords: string[]; content: string }) {
  await field(dialog, 'Entry name').fill(name);
  for (const keyword of keywords) {
    await field(dialog, 'Keywords').fill(keyword);
    await field(dialog, 'Keywords').press('Enter');
  }
  await field(dialog, 'Content').fill(content);
}

async function addEntry(page: Page, entry: { name: string; keywords: string[]; content: string }) {
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Entry' });
  await fillEntry(dialog, entry);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a member creates a lorebook (every rule heard once), changes its entries, finds it on its page and in the Lorebooks tab, attaches it to a chatbot, and removes it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  const { username } = await signUpNewMember(page, 'Lena Lorekeeper', 'lk');

  // The one-time guide, then never again.
  await page.goto('/lorebook/create');
  const guide = page.getByRole('dialog', { name: 'What is a lorebook?' });
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: 'Got it' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Lorebook' })).toBeVisible();
  await expect(guide).toBeHidden();

  // Every message of document 2 §5 the lorebook form shows, each seen once.
  await page.getByRole('button', { name: 'Create Lorebook' }).click();
  await expect(form(page).getByText('This field is required', { exact: true })).toHaveCount(3);
  for (const message of ['At least 2 tags are required', 'At least 1 entry is required', 'You must agree to the community guidelines']) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Generate Avatar' })).toBeFocused();
  await field(page, 'Name').fill('ab');
  await field(page, 'Description').fill('d'.repeat(101));
  await page.getByRole('button', { name: 'Create Lorebook' }).click();
  await expect(form(page).getByText('At least 3 characters required', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Description must be 100 characters or less', { exact: true })).toBeVisible();
  await field(page, 'Name').fill('n'.repeat(26));
  await page.getByRole('button', { name: 'Create Lorebook' }).click();
  await expect(form(page).getByText('Name must be 25 characters or less', { exact: true })).toBeVisible();

  // The entry modal's rules.
  await page.getByRole('button', { name: 'Add Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Entry' });
  await fillEntry(dialog, { name: 'n'.repeat(51), keywords: ['lonely'], content: 'c'.repeat(1001) });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  for (const message of ['Name must be 50 characters or less', 'At least 2 keyword is required', 'Content must be 1000 characters or less']) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await field(dialog, 'Keywords').fill(Array.from({ length: 13 }, (_, i) => `k${i}`).join(','));
  await field(dialog, 'Keywords').press('Enter');
  await expect(dialog.getByText('You can add at most 12 keywords', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A valid lorebook: avatar, name, description, two tags, two entries (Delete offered once there are two), guidelines.
  const name = `Tide ${unique().slice(-6)}`;
  await page.getByRole('textbox', { name: 'Avatar prompt' }).fill('An old sea chart with a compass rose');
  await page.getByRole('button', { name: 'Generate Avatar' }).click();
  await expect(page.getByRole('img', { name: `Avatar of ${'n'.repeat(26)}` })).toBeVisible();
  await field(page, 'Name').fill(name);
  await field(page, 'Description').fill('Islands, currents and the things under the reef.');
  await page.getByRole('button', { name: 'Adventure', exact: true }).click();
  await page.getByRole('button', { name: 'Fantasy', exact: true }).click();
  await addEntry(page, { name: 'The Kraken', keywords: ['kraken', 'sea monster'], content: 'The kraken sleeps under the coral reef and wakes at the full moon.' });
  await expect(page.getByRole('button', { name: /^Delete Entry/ })).toHaveCount(0);
  await addEntry(page, { name: 'Coral Reef', keywords: ['reef', 'coral'], content: 'The reef is sharp, bright and sings at low tide.' });
  await expect(page.getByRole('button', { name: /^Delete Entry/ })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }).check();
  await page.getByRole('button', { name: 'Create Lorebook' }).click();

  // Its page.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/lorebook\/(?!create$)[^/]+$/);
  const id = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: `@${username}` })).toHaveAttribute('href', `/creator/${username}`);
  await expect(page.getByRole('heading', { level: 3, name: 'The Kraken' })).toBeVisible();
  await page.getByRole('button', { name: `Enlarge the avatar of ${name}` }).click();
  await expect(page.getByRole('dialog', { name }).getByRole('img', { name: `Avatar of ${name}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // Edited: an entry added, changed and deleted at once, each with its toast; the description saved with Save.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lorebook' })).toBeVisible();
  await addEntry(page, { name: 'Lighthouse', keywords: ['lighthouse', 'keeper'], content: 'The lighthouse keeper counts the ships.' });
  await expect(page.getByText('Entry added', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Entry Coral Reef' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await field(dialog, 'Content').fill('The reef glows green when the kraken dreams.');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Entry updated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Entry Lighthouse' }).click();
  await page.getByRole('dialog', { name: 'Delete entry' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Entry deleted', { exact: true })).toBeVisible();
  await field(page, 'Description').fill('Islands, currents and the things under the glowing reef.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Lorebook updated', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'View Lorebook' }).click();
  await expect(page.getByText('The reef glows green when the kraken dreams.')).toBeVisible();
  await expect(page.getByText('Islands, currents and the things under the glowing reef.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Lighthouse' })).toHaveCount(0);

  // In the Lorebooks tab of My Chatbots.
  await page.goto('/my-chatbots/lorebooks');
  const card = page.getByTestId('lorebook-card').filter({ hasText: name });
  await expect(card.getByRole('link', { name })).toHaveAttribute('href', `/lorebook/${id}`);
  await expect(card.getByText('2 entries')).toBeVisible();

  // Attached to a new chatbot from the chatbot form, then detached and attached again in its editor.
  await page.goto('/chatbot/create');
  const lorebooks = page.getByRole('region', { name: 'Lorebooks' });
  await lorebooks.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('textbox', { name: 'Avatar prompt' }).fill('A lighthouse keeper at dawn');
  await page.getByRole('button', { name: 'Generate Avatar' }).click();
  await expect(page.getByText('Drawn by the demo generator: no image model is configured on this server.')).toBeVisible();
  const bot = `Keeper ${unique().slice(-6)}`;
  await field(page, 'Name').fill(bot);
  await field(page, 'Title').fill('Keeps the light on the reef');
  await field(page, 'Greeting').fill('Mind the rocks, traveller.');
  await field(page, 'Personality').fill('Patient, weathered and full of sea stories.');
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[^/]+/);
  const botId = new URL(page.url()).pathname.split('/')[2]!;
  await page.goto(`/chatbot/edit/${botId}`);
  const attached = page.getByRole('region', { name: 'Lorebooks' }).getByRole('checkbox', { name: new RegExp(name) });
  await expect(attached).toBeChecked();
  await attached.uncheck();
  await expect(attached).toBeEnabled();
  await attached.check();
  await expect(attached).toBeEnabled();
  // The chatbot's profile links its lorebook.
  await page.goto(`/chatbot/${botId}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/lorebook/${id}$`));

  // Removed from the Lorebooks tab: gone, and its page is the 404 page.
  await page.goto('/my-chatbots/lorebooks');
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove lorebook' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Lorebook removed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Lorebooks Yet' })).toBeVisible();
  await page.goto(`/lorebook/${id}`);
  await expect(page.getByText('This page is gone.')).toBeVisible();
});
