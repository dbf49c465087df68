import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_DURATION_MS, becameGuest, sessionFromUser, signedIn, tokensReceived, type AppStore } from '@fable/shared';
import { apiErrorBody, apiUserFixture, deploymentFixture, mockApi, storeWith, type FakeHandler } from '@fable/shared/testing';
import routes from '../routes';
import { renderDataRoute } from '../testing/renderDataRoute';
import { ReportPage } from './ReportPage';
import { REPORT_TEXTS as T } from './reportTexts';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
});

function open(url: string, { member = true, overrides = {} }: { member?: boolean; overrides?: Record<string, FakeHandler> } = {}) {
  fake = mockApi({ overrides });
  const store = storeWith(deploymentFixture());
  if (member) {
    store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
    store.dispatch(tokensReceived(fake.memberTokens));
  } else store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  renderDataRoute(ReportPage, { path: url.startsWith('/report/') ? '/report/:characterId' : '/report', url, store });
  return store;
}

const notifications = (store: AppStore) => store.getState().notifications.items.map((n) => n.message);
const submit = () => screen.getByRole('button', { name: T.submit });
const idField = () => screen.getByLabelText(T.chatbotId);
const details = () => screen.getByLabelText(T.details);

async function fill({ issue = 'Guidelines', text = 'It breaks the rules.', resolution = 'Have it deleted' } = {}) {
  await userEvent.selectOptions(screen.getByLabelText(T.issueType), issue);
  await userEvent.click(details());
  await userEvent.paste(text);
  await userEvent.click(screen.getByRole('radio', { name: resolution }));
}

it('is the page of the remote.json’s report id (/report and /report/:characterId)', () => {
  expect(routes.pages.report).toBeDefined();
});

it('prefills the chatbot id from the path, names the chatbot, and keeps Submit disabled until every field is filled', async () => {
  open('/report/bot1');
  expect(screen.getByRole('heading', { name: T.title })).toBeInTheDocument();
  expect(idField()).toHaveValue('bot1');
  expect(await screen.findByText('Chatbot: Captain Mira')).toBeInTheDocument();
  expect(screen.getByText('Reports are handled within 7 days.')).toBeInTheDocument();
  expect(screen.getByText('Fill all fields to submit.')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
  expect(within(screen.getByLabelText(T.issueType)).getAllByRole('option').map((o) => o.textContent)).toEqual([
    T.issueTypePlaceholder,
    'Guidelines',
    'Categorization',
    'Incorrect Authorization',
    'Invalid',
  ]);
  expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Make it private', 'Have it modified', 'Have it deleted']);
  await fill();
  expect(submit()).toBeEnabled();
  expect(screen.queryByText('Fill all fields to submit.')).not.toBeInTheDocument();
  expect(screen.getByText('20 / 250')).toBeInTheDocument();
});

it('looks a typed id up once typing rests, not per keystroke, and names only the chatbot of the id in the field', async () => {
  open('/report');
  await userEvent.type(idField(), 'bot1');
  expect(await screen.findByText('Chatbot: Captain Mira')).toBeInTheDocument();
  const lookups = fake!.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/characters/')).map((c) => c.path);
  expect(lookups).toEqual(['/characters/bot1']);
  // Another id: the old name goes at once.
  await userEvent.type(idField(), 'x');
  expect(screen.queryByText('Chatbot: Captain Mira')).not.toBeInTheDocument();
});

it('sends the spec’s values, toasts "Report submitted successfully" for 3 s and clears the form but the path’s id', async () => {
  const store = open('/report/bot1');
  await fill({ issue: 'Incorrect Authorization', text: '  Not their work.  ', resolution: 'Make it private' });
  await userEvent.click(submit());
  await waitFor(() => expect(notifications(store)).toContain('Report submitted successfully'));
  expect(store.getState().notifications.items.find((n) => n.message === 'Report submitted successfully')?.duration).toBe('normal');
  expect(NOTIFICATION_DURATION_MS.normal).toBe(3000);
  expect(fake!.callsTo('POST /reports').map((c) => c.body)).toEqual([
    { character_id: 'bot1', userIssueType: 'Incorrect Authorization', userReportDetails: 'Not their work.', userExpectedResolution: 'private' },
  ]);
  await waitFor(() => expect(details()).toHaveValue(''));
  expect(idField()).toHaveValue('bot1');
  expect(screen.getByLabelText(T.issueType)).toHaveValue('');
  expect(screen.getByRole('radio', { name: 'Make it private' })).not.toBeChecked();
  expect(submit()).toBeDisabled();
});

it('works for a guest on /report with a typed id (sent with the guest id)', async () => {
  const store = open('/report', { member: false });
  expect(idField()).toHaveValue('');
  await userEvent.type(idField(), 'bot2');
  await fill({ resolution: 'Have it modified' });
  await userEvent.click(submit());
  await waitFor(() => expect(notifications(store)).toContain('Report submitted successfully'));
  const [sent] = fake!.callsTo('POST /reports');
  expect(sent?.body).toMatchObject({ character_id: 'bot2', userExpectedResolution: 'modified' });
  expect(sent?.headers['x-guest-user-id']).toBe('g1');
  expect(idField()).toHaveValue('');
});

it('shows the form’s messages on the fields: id and details required, details over 250', async () => {
  open('/report/bot1');
  await userEvent.clear(idField());
  await userEvent.tab();
  expect(await screen.findByText('You must provide an id')).toBeInTheDocument();
  await userEvent.click(details());
  await userEvent.tab();
  expect(await screen.findByText('Details are required')).toBeInTheDocument();
  await userEvent.type(idField(), 'bot1');
  await fill({ text: 'x'.repeat(251) });
  expect(screen.getByText('251 / 250')).toBeInTheDocument();
  await userEvent.click(submit());
  expect(await screen.findByText('Details must be 250 characters or less')).toBeInTheDocument();
  expect(fake!.callsTo('POST /reports')).toHaveLength(0);
});

it('shows the server’s error below the form and keeps what was typed', async () => {
  open('/report/bot1', { overrides: { 'POST /reports': { status: 404, body: apiErrorBody('character_not_found', 'Chatbot not found') } } });
  await fill();
  await userEvent.click(submit());
  const error = await screen.findByRole('alert');
  expect(error).toHaveTextContent('Chatbot not found');
  expect(details()).toHaveValue('It breaks the rules.');
  // Editing clears it.
  await userEvent.type(details(), '!');
  await waitFor(() => expect(screen.queryByText('Chatbot not found')).not.toBeInTheDocument());
});

it('sends once on a double click, busy while sending', async () => {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const store = open('/report/bot1', {
    overrides: {
      'POST /reports': async () => {
        await answered;
        return { body: { report_id: 'r1', status: 'open', created_at: '2026-01-01T00:00:00.000Z', handled_by: '2026-01-08T00:00:00.000Z' } };
      },
    },
  });
  await fill();
  await userEvent.dblClick(submit());
  await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
  expect(submit()).toBeDisabled();
  await act(async () => release());
  await waitFor(() => expect(notifications(store)).toContain('Report submitted successfully'));
  expect(fake!.callsTo('POST /reports')).toHaveLength(1);
});

it('renders user text as text, never as HTML', async () => {
  open('/report/bot1', { overrides: { 'POST /reports': { status: 400, body: apiErrorBody('validation_error', '<img src=x onerror=alert(1)>') } } });
  await fill({ text: '<b>bold</b>' });
  await userEvent.click(submit());
  expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('b')).toBeNull();
});
