import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { writeV2CardPng } from '../support/cardFiles';
import { E2E_ADMINS, searchCatalog } from '../support/catalog';
import { lastMessage, send } from '../support/chat';
import { signInAs, signUpNewMember, unique } from '../support/members';
import { describeViolations, expect, recordCspViolations, test, type CspViolation } from '../support/test';

// Issue 13: a chatbot's life, from an empty form to search, through review, with the moderator in between.

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const form = (page: Page) => page.getByRole('form');

/**
 * Another person at another browser (the moderator, a guest): a context of its own, watched for CSP violations as
 * the fixture watches the first. Each stays signed in, so nobody signs in twice (a second code mail races the first).
 */
async function anotherBrowser(browser: Browser, violations: CspViolation[]): Promise<Page> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: new URL(test.info().project.use.baseURL!).origin, localStorage: [{ name: 'fable.interestPickerDone', value: 'true' }] }] },
  });
  await recordCspViolations(context, violations);
  return context.newPage();
}

async function searchFinds(name: string): Promise<boolean> {
  const { hits } = await searchCatalog({ q: name });
  return hits.some((hit) => hit.name === name);
}

test('a member creates a chatbot (every rule heard once), chats, edits, publishes; a moderator asks for a fix, then approves; a guest finds it; deleted, it is gone', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const otherViolations: CspViolation[] = [];
  await page.goto('/');
  await signUpNewMember(page, 'Cora Creator', 'cr');
  await page.goto('/chatbot/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Own Chatbot' })).toBeVisible();

  // Every message of document 1 §5 the form shows, each once.
  await field(page, 'Name').fill('see https://x.io');
  await field(page, 'Scenario').fill('ab');
  await field(page, 'Example Dialogue').fill('ab');
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  for (const message of [
    'You must generate an Avatar',
    'Name should not contain any url/link',
    'You must provide a title',
    'You must provide a greeting',
    'You must provide a personality',
    'Scenario should be longer',
    'Dialogue should be longer',
    'Visibility Is Required',
    'Guidelines Is Required',
  ]) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Generate Avatar' })).toBeFocused();
  await field(page, 'Name').fill('N'.repeat(21));
  await field(page, 'Title').fill('T'.repeat(101));
  await field(page, 'Greeting').fill('G'.repeat(2001));
  await field(page, 'Personality').fill('P'.repeat(5001));
  await field(page, 'Scenario').fill('S'.repeat(4001));
  await field(page, 'Example Dialogue').fill('D'.repeat(4001));
  await page.getByRole('radio', { name: /^Public/ }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  for (const message of [
    'Name should be 20 characters or less',
    'Title is maximum of 100 characters',
    'Greeting is maximum of 2000 characters',
    'Personality is maximum of 5000 characters',
    'Scenario is maximum of 4000 characters',
    'Dialogue is maximum of 4000 characters',
  ]) {
    await expect(form(page).getByText(message, { exact: true })).toBeVisible();
  }

  // A valid private chatbot: created, and its chat opens.
  const name = `Rhea ${unique().slice(-6)}`;
  await page.getByRole('textbox', { name: 'Avatar prompt' }).fill('A pirate queen in a red coat, portrait');
  await page.getByRole('button', { name: 'Generate Avatar' }).click();
  await expect(page.getByText('Drawn by the demo generator: no image model is configured on this server.')).toBeVisible();
  await field(page, 'Name').fill(name);
  await field(page, 'Title').fill('A pirate queen of the outer rim');
  await field(page, 'Greeting').fill('Ahoy! Welcome aboard the Gull.');
  await field(page, 'Personality').fill('Bold, witty and fiercely loyal to her crew.');
  await field(page, 'Scenario').fill('');
  await field(page, 'Example Dialogue').fill('');
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }).check();
  await expect(page.getByRole('img', { name: `Avatar of ${name}` })).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{32}\/400x400\.webp$/);
  await expect(page.getByRole('status', { name: 'Tokens' })).toContainText(/\d+\/4000/);
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[^/]+/);
  const id = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByText('Ahoy! Welcome aboard the Gull.')).toBeVisible();
  await send(page, 'Where are we headed?');
  await expect(lastMessage(page)).not.toContainText('Where are we headed?', { timeout: 20_000 });

  // Edited: only the title; back to My Chatbots with the toast.
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chatbot Editor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await field(page, 'Title').fill('The pirate queen of the outer rim');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Chatbot saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/my-chatbots$/);
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();

  // Made public: 2 tags, the review confirmation, Under Review.
  await page.goto(`/chatbot/edit/${id}`);
  await page.getByRole('radio', { name: /^Public/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form(page).getByText('At least 2 tags required', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Adventure', exact: true }).click();
  await page.getByRole('button', { name: 'Fantasy', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Submit for Review' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-chatbots$/);
  const card = page.getByTestId('my-chatbot-card').filter({ hasText: name });
  await expect(card.getByText('Under Review')).toBeVisible();

  // The moderator asks for a fix.
  const moderator = await anotherBrowser(browser, otherViolations);
  await moderator.goto('/admin/moderation');
  await signInAs(moderator, E2E_ADMINS.moderator.email, E2E_ADMINS.moderator.username, E2E_ADMINS.moderator.name);
  await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const item = moderator.getByRole('article', { name });
  await item.getByRole('button', { name: 'Require Fixes' }).click();
  const fixes = moderator.getByRole('dialog', { name: `Require fixes: ${name}` });
  await fixes.getByLabel('Reasons (one per line)').fill('The greeting needs a scene');
  await fixes.getByRole('button', { name: 'Send to the creator' }).click();
  await expect(moderator.getByText(`Fixes required: ${name}`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // The creator sees Action Required with the reason, fixes and resubmits.
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByText(/^Action Required:/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reasons' })).toContainText('The greeting needs a scene');
  await field(page, 'Greeting').fill('Ahoy! The Gull creaks as the storm rolls in over the docks.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Submit for Review' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-chatbots$/);
  await expect(page.getByTestId('my-chatbot-card').filter({ hasText: name }).getByText('Under Review')).toBeVisible();

  // The moderator approves the re-review.
  await moderator.goto('/admin/moderation?status=rereview_required');
  await moderator.getByRole('article', { name }).getByRole('button', { name: 'Approve' }).click();
  await expect(moderator.getByText(`Approved: ${name}`)).toBeVisible();

  // A guest finds it in search.
  const guest = await anotherBrowser(browser, otherViolations);
  await guest.goto(`/?q=${encodeURIComponent(name)}`);
  await expect(guest.getByTestId('character-card').filter({ hasText: name })).toBeVisible();

  // Deleted by its creator: gone from search.
  await page.goto('/my-chatbots');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete chatbot' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Chatbot deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0);
  expect(await searchFinds(name)).toBe(false);
  expect(otherViolations, describeViolations(otherViolations)).toEqual([]);
});

test('a draft survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUpNewMember(page, 'Dora Drafter', 'dr');
  await page.goto('/chatbot/create');
  await field(page, 'Name').fill('Half a pirate');
  await field(page, 'Greeting').fill('Ahoy, I am not finished yet.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Chatbot Saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/chatbot\/create\/draft-/);
  await page.reload();
  await expect(field(page, 'Name')).toHaveValue('Half a pirate');
  await expect(field(page, 'Greeting')).toHaveValue('Ahoy, I am not finished yet.');
  await page.goto('/my-chatbots/drafts');
  await expect(page.getByRole('link', { name: 'Half a pirate', exact: true })).toBeVisible();
});

test('a SillyTavern-style card (V2 PNG, generated) imports, exports as PNG and imports again with every field equal', async ({ page }) => {
  test.setTimeout(120_000);
  const card = writeV2CardPng(test.info().outputDir);
  await page.goto('/');
  await signUpNewMember(page, 'Ivy Importer', 'im');
  await page.goto('/chatbot/create');

  const formFields = ['Name', 'Title', 'Greeting', 'Personality', 'Scenario', 'Example Dialogue'];
  const readForm = async () => {
    const values: Record<string, string> = {};
    for (const label of formFields) values[label] = await field(page, label).inputValue();
    values.tags = (await page.getByRole('group', { name: 'Tags' }).locator('button[aria-pressed="true"]').allInnerTexts()).sort().join(',');
    return values;
  };

  await page.getByTestId('card-file').setInputFiles(card.file);
  await expect(page.getByRole('heading', { name: `Imported from ${path.basename(card.file)}` })).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue(card.name);
  // The card's picture became the avatar, uploaded and stored like any picture.
  await expect(page.getByRole('img', { name: `Avatar of ${card.name}` })).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{32}\/400x400\.webp$/);
  const imported = await readForm();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('checkbox', { name: 'I agree with the Community Guidelines' }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[^/]+/);
  const id = new URL(page.url()).pathname.split('/')[2]!;

  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chatbot Editor' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PNG' }).click();
  const file = path.join(test.info().outputDir, (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(path.extname(file)).toBe('.png');

  await page.goto('/chatbot/create');
  await page.getByTestId('card-file').setInputFiles(file);
  await expect(page.getByRole('heading', { name: `Imported from ${path.basename(file)}` })).toBeVisible();
  expect(await readForm()).toEqual(imported);
});
