import type { AdminReport, AdminReports, ReportReceipt } from '@fable/contracts';
import { adminCall } from '../support/admin';
import { signUpNewMember } from '../support/members';
import { expect, test, type Page } from '../support/test';

// Reports (document 2 §2 "/report", §5, §7, §8): from a chatbot's card menu or its profile, a member or a guest lands on
// /report/{id} with the id filled in, sends a report and sees the toast; the report is stored (the admin's list shows it).

const SUCCESS = 'Report submitted successfully';

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('character-card').first()).toBeVisible();
}

/** Fills the Report Issues form (the id is already there) and sends it; answers the API's receipt. */
async function fillAndSubmit(page: Page, details: string): Promise<ReportReceipt> {
  const form = page.getByRole('form', { name: 'Report Issues' });
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(form.getByText('Fill all fields to submit.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Issue type').selectOption('Guidelines');
  await form.getByRole('textbox', { name: 'Details' }).fill(details);
  await expect(form.getByText(`${details.length} / 250`)).toBeVisible();
  await form.getByRole('radio', { name: 'Make it private' }).check();
  await expect(form.getByText('Reports are handled within 7 days.')).toBeVisible();
  // The e2e API's access tokens last seconds: a 401 token_expired is renewed and the report sent again by the client.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST' && r.status() !== 401);
  await submit.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  // The form is cleared, the id from the path kept.
  await expect(form.getByRole('textbox', { name: 'Details' })).toHaveValue('');
  return (await response.json()) as ReportReceipt;
}

/** The admin's view of one open report (paging through the open reports, oldest first), then closes it. */
async function adminFindsAndCloses(reportId: string): Promise<AdminReport> {
  let found: AdminReport | undefined;
  for (let page = 1; !found; page += 1) {
    const list = await adminCall<AdminReports>('GET', `/admin/reports?page=${page}`);
    found = list.items.find((r) => r.report_id === reportId);
    if (list.items.length < list.per_page) break;
  }
  expect(found, `report ${reportId} in the admin's open reports`).toBeDefined();
  const closed = await adminCall<AdminReport>('POST', `/admin/reports/${reportId}/close`, { outcome: 'dismissed', note: 'e2e' });
  expect(closed).toMatchObject({ status: 'closed', outcome: 'dismissed' });
  return found!;
}

test('a member reports a chatbot from its card menu', async ({ page }) => {
  test.setTimeout(90_000);
  await openHome(page);
  const { username } = await signUpNewMember(page, 'Rita Reporter', 'rep');
  const card = page.getByTestId('character-card').first();
  const name = (await card.locator('h3').innerText()).trim();
  await card.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Report' }).click();

  await expect(page).toHaveURL(/\/report\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: 'Report Issues' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Chatbot ID' })).toHaveValue(id);
  await expect(page.getByText(`Chatbot: ${name}`)).toBeVisible();

  const details = `Member report ${Date.now()}`;
  const receipt = await fillAndSubmit(page, details);
  expect(receipt.status).toBe('open');
  await expect(page.getByRole('textbox', { name: 'Chatbot ID' })).toHaveValue(id);

  const stored = await adminFindsAndCloses(receipt.report_id);
  expect(stored).toMatchObject({
    character: { id, name },
    reporter: { kind: 'member', username },
    userIssueType: 'Guidelines',
    userReportDetails: details,
    userExpectedResolution: 'private',
    handled_by: receipt.handled_by,
  });
});

test('a guest reports a chatbot from its profile page', async ({ page }) => {
  test.setTimeout(90_000);
  await openHome(page);
  const profile = await page.getByTestId('character-card').first().locator('a[href^="/chatbot/"]').first().getAttribute('href');
  await page.goto(profile!);
  await page.getByRole('main').getByRole('link', { name: 'Report', exact: true }).click();

  await expect(page).toHaveURL(/\/report\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('textbox', { name: 'Chatbot ID' })).toHaveValue(id);

  const details = `Guest report ${Date.now()}`;
  const receipt = await fillAndSubmit(page, details);
  const stored = await adminFindsAndCloses(receipt.report_id);
  expect(stored).toMatchObject({ character: { id }, reporter: { kind: 'guest', user_id: null }, userReportDetails: details });
});

test('the server’s error shows below the form', async ({ page }) => {
  await page.goto('/report/no-such-chatbot-e2e');
  const form = page.getByRole('form', { name: 'Report Issues' });
  await form.getByLabel('Issue type').selectOption('Invalid');
  await form.getByRole('textbox', { name: 'Details' }).fill('Does not exist');
  await form.getByRole('radio', { name: 'Have it deleted' }).check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Chatbot not found');
});
