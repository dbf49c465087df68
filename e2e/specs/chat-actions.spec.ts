import { expect, test, type Page } from '../support/test';
import { lastMessage, messages, safeCharacter, send } from '../support/chat';
import { signUpNewMember } from '../support/members';

// The message actions of the chat screen (document 1 §2 "Chat screen", §4 "Message actions", "Rating box"), for a
// signed-up member, against the fake OpenAI-compatible engine (e2e/support/globalSetup.ts). It answers
// `*smiles* You said "<the first six words>". Tell me more, I am listening.`, so the texts sent here stay short. It
// changes nothing of the engine, and runs in parallel with the specs that leave it at its defaults.

/** The message whose bubble says exactly `text` (a user's message; a reply quotes it, but not exactly). */
const messageSaying = (page: Page, text: string) => messages(page).filter({ has: page.getByText(text, { exact: true }) });
/** The bot's reply to `text`. */
const replyTo = (page: Page, text: string) => messages(page).filter({ hasText: `You said "${text}"` });

/** Sends `text` and waits for the whole reply (its Regenerate button shows once the turn is over). */
async function turn(page: Page, text: string) {
  await send(page, text);
  await expect(lastMessage(page)).toContainText(`You said "${text}". Tell me more, I am listening.`);
  await expect(lastMessage(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
}

/** A new member in a new conversation with `texts` sent and answered; returns the conversation's URL. */
async function memberConversation(page: Page, name: string, prefix: string, texts: string[]) {
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, name, prefix);
  await page.goto(`/chat/${character.id}`);
  for (const text of texts) await turn(page, text);
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[^/]+$`));
  return { character, url: page.url() };
}

async function chooseOption(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test('a member edits their message and the bot’s reply, then removes messages from one on; both survive a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const { url } = await memberConversation(page, 'Edda', 'edit', ['First words here', 'Second words here', 'Third words here']);
  await expect(messages(page)).toHaveCount(7); // the greeting, then three turns

  // Edit the member's own message (the second item: the greeting comes first): the edit shows at once.
  const first = messages(page).nth(1);
  await expect(first).toContainText('First words here');
  await first.getByRole('button', { name: 'Edit' }).click();
  const editor = first.getByRole('textbox', { name: 'Edit' });
  await expect(editor).toHaveValue('First words here');
  // Cancel leaves the text as it was.
  await editor.fill('Not kept');
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first.getByText('First words here', { exact: true })).toBeVisible();
  await first.getByRole('button', { name: 'Edit' }).click();
  // Save is refused for a blank text.
  await editor.fill('   ');
  await expect(first.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.fill('First words, edited');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(first.getByText('First words, edited', { exact: true })).toBeVisible();
  await expect(messageSaying(page, 'First words here')).toHaveCount(0);

  // Edit the bot's reply to the second message.
  const reply = messages(page).nth(4);
  await expect(reply).toContainText('You said "Second words here"');
  await reply.getByRole('button', { name: 'Edit' }).click();
  await reply.getByRole('textbox', { name: 'Edit' }).fill('*nods* An edited reply.');
  await reply.getByRole('button', { name: 'Save' }).click();
  await expect(reply.getByText('*nods* An edited reply.', { exact: true })).toBeVisible();
  // The text shows at once; the editor closes when the API has saved it (a reload before would abort the call).
  await expect(reply.getByRole('textbox', { name: 'Edit' })).toHaveCount(0);

  await page.reload();
  await expect(messageSaying(page, 'First words, edited')).toHaveCount(1);
  await expect(messageSaying(page, '*nods* An edited reply.')).toHaveCount(1);
  await expect(replyTo(page, 'Second words here')).toHaveCount(0);
  await expect(messages(page)).toHaveCount(7);

  // Remove Messages: Cancel leaves everything in place.
  await chooseOption(page, 'Remove Messages');
  const removal = page.getByRole('region', { name: 'Remove Messages' });
  await expect(removal).toContainText('Pick the first message to remove: it and all later ones are removed.');
  await expect(removal.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await removal.getByRole('button', { name: 'Cancel' }).click();
  await expect(removal).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Message / })).toBeVisible();
  await expect(messages(page)).toHaveCount(7);

  // Pick the second message: it and everything after it go.
  await chooseOption(page, 'Remove Messages');
  await expect(page.getByRole('textbox', { name: /^Message / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edda: Second words here' }).click();
  await expect(page.getByRole('button', { name: 'Edda: Second words here' })).toHaveAttribute('aria-pressed', 'true');
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(removal).toHaveCount(0);
  await expect(messages(page)).toHaveCount(3);
  await expect(messageSaying(page, 'Second words here')).toHaveCount(0);
  await expect(messageSaying(page, '*nods* An edited reply.')).toHaveCount(0);
  await expect(messageSaying(page, 'Third words here')).toHaveCount(0);
  await expect(lastMessage(page)).toContainText('You said "First words here"');

  await page.goto(url);
  await expect(messageSaying(page, 'First words, edited')).toHaveCount(1);
  await expect(messages(page)).toHaveCount(3);
  await expect(messageSaying(page, 'Third words here')).toHaveCount(0);
  // The conversation goes on from where the cut left it.
  await turn(page, 'After the removal');
  await page.goto(url);
  await expect(messages(page)).toHaveCount(5);
  await expect(messages(page).nth(3)).toContainText('After the removal');
});

test('a member renames the conversation and clones it fully and partially; the titles show on /chats', async ({ page }) => {
  test.setTimeout(60_000);
  const { character, url } = await memberConversation(page, 'Clio', 'clone', ['Alpha words here', 'Beta words here']);
  const name = character.name;

  // Change Title: the Update title dialog (max 50, not blank).
  await chooseOption(page, 'Change Title');
  const titleDialog = page.getByRole('dialog', { name: 'Update title' });
  const title = titleDialog.getByRole('textbox', { name: 'Title' });
  await title.fill('x'.repeat(51));
  await expect(titleDialog.getByRole('alert')).toHaveText('Title is maximum of 50 characters');
  await expect(titleDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await title.fill('   ');
  await expect(titleDialog.getByRole('alert')).toHaveText('Title is required');
  await title.fill('Our first adventure');
  await titleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(titleDialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Title updated' })).toBeVisible();
  // The dialog opens again on the new title.
  await chooseOption(page, 'Change Title');
  await expect(titleDialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Our first adventure');
  await titleDialog.getByRole('button', { name: 'Cancel' }).click();

  // Clone Conversation, full: a new conversation with every message.
  await chooseOption(page, 'Clone Conversation');
  const cloneDialog = page.getByRole('dialog', { name: 'Clone Conversation' });
  await expect(cloneDialog.getByRole('radio', { name: 'Full' })).toBeChecked();
  await expect(cloneDialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Our first adventure');
  await cloneDialog.getByRole('textbox', { name: 'Title' }).fill('The full copy');
  await cloneDialog.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Conversation cloned' })).toBeVisible();
  await expect(page).not.toHaveURL(url);
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/[^/]+$`));
  const fullUrl = page.url();
  await expect(messages(page)).toHaveCount(5);
  await expect(messageSaying(page, 'Alpha words here')).toHaveCount(1);
  await expect(lastMessage(page)).toContainText('You said "Beta words here"');

  // Back on the source: Clone Conversation, partial, up to the first reply.
  await page.goto(url);
  await expect(messages(page)).toHaveCount(5);
  await chooseOption(page, 'Clone Conversation');
  await cloneDialog.getByRole('radio', { name: 'Partial' }).check();
  await cloneDialog.getByRole('textbox', { name: 'Title' }).fill('The partial copy');
  await cloneDialog.getByRole('button', { name: 'Clone' }).click();
  await expect(cloneDialog).toHaveCount(0);
  const cloning = page.getByRole('region', { name: 'Clone Conversation' });
  await expect(cloning).toContainText('Pick the last message to clone.');
  await expect(cloning.getByRole('button', { name: 'Clone' })).toBeDisabled();
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}: \\*smiles\\* You said "Alpha words here"`) }).click();
  await cloning.getByRole('button', { name: 'Clone' }).click();
  await expect(cloning).toHaveCount(0);
  await expect(page).not.toHaveURL(url);
  await expect(page).not.toHaveURL(fullUrl);
  await expect(messages(page)).toHaveCount(3);
  await expect(lastMessage(page)).toContainText('You said "Alpha words here"');
  await expect(messageSaying(page, 'Beta words here')).toHaveCount(0);
  const partialUrl = page.url();
  await page.reload();
  await expect(messages(page)).toHaveCount(3);
  await expect(lastMessage(page)).toContainText('You said "Alpha words here"');
  // The source is untouched.
  await page.goto(url);
  await expect(messages(page)).toHaveCount(5);

  // /chats: the three conversations with their titles; rename the partial copy there.
  await page.goto('/chats');
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('link') }).filter({ hasText: name });
  await expect(rows.filter({ hasText: 'Our first adventure' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'The full copy' })).toHaveCount(1);
  const partialRow = rows.filter({ hasText: 'The partial copy' });
  await expect(partialRow).toHaveCount(1);
  await partialRow.getByRole('button', { name: `Change Title of the chat with ${name}` }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Update title' });
  await expect(renameDialog.getByRole('textbox', { name: 'Title' })).toHaveValue('The partial copy');
  await renameDialog.getByRole('textbox', { name: 'Title' }).fill('Renamed on the list');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(renameDialog).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Renamed on the list' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'The partial copy' })).toHaveCount(0);
  await page.reload();
  await expect(rows.filter({ hasText: 'Renamed on the list' })).toHaveCount(1);
  // The row opens the partial copy.
  await rows.filter({ hasText: 'Renamed on the list' }).getByRole('link').click();
  await expect(page).toHaveURL(partialUrl);
  await expect(messages(page)).toHaveCount(3);
});

test('a member rates replies (reason chips for a low rating, once only) and reports a reply', async ({ page }) => {
  test.setTimeout(60_000);
  const { url } = await memberConversation(page, 'Rhea', 'rate', ['Good words here', 'Weak words here']);
  const good = replyTo(page, 'Good words here');
  const weak = replyTo(page, 'Weak words here');

  // A high rating: thanks, and the rating is fixed.
  const goodRating = good.getByRole('group', { name: 'Rate this reply' });
  await expect(goodRating.getByRole('button')).toHaveText(['Terrible', 'Bad', 'Great', 'Fantastic']);
  await goodRating.getByRole('button', { name: 'Great' }).click();
  await expect(good.getByRole('status')).toHaveText('Thanks for your feedback!');
  await expect(goodRating.getByRole('button', { name: 'Great' })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Terrible', 'Bad', 'Great', 'Fantastic']) await expect(goodRating.getByRole('button', { name: label })).toBeDisabled();
  await expect(good.getByRole('group', { name: 'What response did you expect?' })).toHaveCount(0);

  // A low rating asks what response was expected; a reason chip, then thanks.
  const weakRating = weak.getByRole('group', { name: 'Rate this reply' });
  await weakRating.getByRole('button', { name: 'Bad' }).click();
  const reasons = weak.getByRole('group', { name: 'What response did you expect?' });
  await expect(reasons.getByRole('button')).toHaveText(['Out of character', 'Repetitive', 'Too short', 'Too long', 'Ignored my message', 'Other']);
  await expect(weakRating.getByRole('button', { name: 'Terrible' })).toBeDisabled();
  await reasons.getByRole('button', { name: 'Repetitive' }).click();
  await expect(reasons).toHaveCount(0);
  await expect(weak.getByRole('status')).toHaveText('Thanks for your feedback!');
  // The thanks note goes after 5 s.
  await expect(good.getByRole('status')).toHaveCount(0);

  // Already rated: after a reload the ratings show and cannot be changed.
  await page.reload();
  await expect(lastMessage(page)).toContainText('You said "Weak words here"');
  await expect(goodRating.getByRole('button', { name: 'Great' })).toHaveAttribute('aria-pressed', 'true');
  await expect(weakRating.getByRole('button', { name: 'Bad' })).toHaveAttribute('aria-pressed', 'true');
  for (const label of ['Terrible', 'Bad', 'Great', 'Fantastic']) {
    await expect(goodRating.getByRole('button', { name: label })).toBeDisabled();
    await expect(weakRating.getByRole('button', { name: label })).toBeDisabled();
  }

  // Report a reply: select a reason, add a comment, done.
  await weak.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report message' });
  await expect(report.getByRole('button', { name: 'Next' })).toBeDisabled();
  await report.getByRole('combobox', { name: 'Reason' }).selectOption('Spam');
  await report.getByRole('button', { name: 'Next' }).click();
  const comment = report.getByRole('textbox', { name: 'Add a comment' });
  await expect(comment).toBeVisible();
  // Empty, the comment step is skipped; with a comment it is submitted.
  await expect(report.getByRole('button', { name: 'Skip' })).toBeVisible();
  await comment.fill('It keeps repeating my words.');
  await report.getByRole('button', { name: 'Submit' }).click();
  await expect(report.getByRole('status')).toHaveText('Thanks, the message was reported.');
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(report).toHaveCount(0);

  // Reporting again starts over at the reason; Skip sends without a comment.
  await good.getByRole('button', { name: 'Report' }).click();
  await expect(report.getByRole('combobox', { name: 'Reason' })).toHaveValue('');
  await report.getByRole('combobox', { name: 'Reason' }).selectOption('Other');
  await report.getByRole('button', { name: 'Next' }).click();
  await report.getByRole('button', { name: 'Skip' }).click();
  await expect(report.getByRole('status')).toHaveText('Thanks, the message was reported.');
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(report).toHaveCount(0);
  await expect(page).toHaveURL(url);
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
