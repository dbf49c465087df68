import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { signUpNewMember, unique } from '../support/members';
import { apiCall } from '../support/site';
import { expect, test } from '../support/test';

// Issue 14, group chats: the pages of document 2 §2 on the real API (create, members, the Minimum Chatbots Required
// question, the Groupchats tab, edit, delete). The 11th member's toast is a unit test (MembersPage).

const form = (page: Page) => page.getByRole('form');
const cards = (page: Page) => page.getByTestId('groupchat-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Private chatbots of the signed-in member, made through the API with the page's own session (the chatbot form has its own spec). */
async function createChatbots(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    await apiCall(page, 'POST', '/characters', {
      name,
      title: `${name} of the harbour crew`,
      greeting: `${name} waves from the dock.`,
      persona: `${name} is a cheerful sailor who loves tall tales.`,
      visibility: 'private',
      avatar_url: `/api/avatars/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
      guidelines: true,
    });
  }
}

/** On the members page: ticks these chatbots and saves, back to the form. */
async function pickMembers(page: Page, names: string[]) {
  await form(page).getByRole('button', { name: /^(Add Chatbots|Add \/ Remove Chatbots)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Chatbots' })).toBeVisible();
  for (const name of names) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/groupchat\/(create|edit\/[^/?]+)$/);
}

test('a member makes a group chat of two chatbots (asked first with one), finds it in the Groupchats tab, edits it and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signUpNewMember(page, 'Gina Group', 'gc');
  const tag = unique().slice(-5);
  const [first, second] = [`Mara ${tag}`, `Tobin ${tag}`];
  await createChatbots(page, [first, second]);

  await page.goto('/my-chatbots/groupchats');
  await expect(page.getByRole('link', { name: 'Groupchats' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No Results Found')).toBeVisible();
  await page.getByRole('link', { name: 'Create Groupchat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Groupchat' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'group chat create');

  // Nothing yet: the form says what is missing.
  await form(page).getByRole('button', { name: 'Create Groupchat' }).click();
  await expect(form(page).getByText('You must provide a name', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Groups require at least 2 chatbots to function properly.', { exact: true })).toBeVisible();

  const group = `Crew ${tag}`;
  await form(page).getByRole('textbox', { name: 'Name', exact: true }).fill(group);
  await form(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Tales from the harbour');
  await form(page).getByRole('button', { name: 'Add Chatbots' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Chatbots' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${first}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'group chat members');
  await page.getByRole('checkbox', { name: new RegExp(`^${first}`) }).check();
  await expect(page.getByText('1/10 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/groupchat\/create$/);
  await expect(form(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(group);
  await expect(form(page).getByRole('list', { name: 'Members' }).getByText(first)).toBeVisible();

  // One member: the question first; Cancel stays.
  await form(page).getByRole('button', { name: 'Create Groupchat' }).click();
  const question = page.getByRole('dialog', { name: 'Minimum Chatbots Required' });
  await expect(question).toContainText('Groups require at least 2 chatbots to function properly.');
  await expect(question.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/groupchat\/create$/);

  // Two members: created at once, and its chat opens.
  await pickMembers(page, [second]);
  await expect(form(page).getByText('2/10')).toBeVisible();
  await form(page).getByRole('button', { name: 'Create Groupchat' }).click();
  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // The Groupchats tab shows it with its members.
  await page.goto('/my-chatbots/groupchats');
  await expect(card(page, group)).toBeVisible();
  await expect(card(page, group).getByRole('list', { name: `Members: ${first}, ${second}` })).toBeVisible();
  await expect(card(page, group).getByRole('list', { name: 'Status' })).toHaveText('Private');
  await expect(page.getByTestId('drafts-tile')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'groupchats tab');

  // Edit: Save waits for a change; only the change is sent.
  await card(page, group).getByRole('link', { name: `Edit ${group}` }).click();
  await expect(page).toHaveURL(new RegExp(`/groupchat/edit/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Groupchat' })).toBeVisible();
  const save = form(page).getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await form(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Tales from the lighthouse');
  const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/api/groupchats/${id}`));
  await save.click();
  expect((await patch).postDataJSON()).toEqual({ title: 'Tales from the lighthouse' });
  await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
  await expect(card(page, group)).toContainText('Tales from the lighthouse');

  // Delete, after a confirmation.
  await card(page, group).getByRole('button', { name: `Delete ${group}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete groupchat' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, group)).toHaveCount(0);
  await expect(page.getByText('No Results Found')).toBeVisible();
  await page.goto(`/groupchat/edit/${id}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
});
