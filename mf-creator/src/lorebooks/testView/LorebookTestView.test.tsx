import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCreator, type CreatorSetup } from '../../testing/renderCreator';
import { EditLorebookPage } from '../LorebookPages';

const renderEdit = (handlers?: CreatorSetup['handlers']) =>
  renderCreator(<EditLorebookPage />, { url: '/lorebook/edit/lb-ada', path: ['/lorebook/edit/:id'], handlers });

async function openTestView() {
  await userEvent.click(await screen.findByRole('button', { name: 'Test lorebook' }));
  return screen.findByRole('dialog', { name: 'Test the lorebook' });
}

it('runs the engine on the messages typed and shows what was used, why, and what was not matched', async () => {
  const { fake } = renderEdit();
  const dialog = await openTestView();
  expect(within(dialog).getByText('Write some messages and run the test to see which entries would be used.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Recent messages' }), 'Hello.{Enter}Meet me at the docks tonight.');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Lore budget' }), '2048');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));

  const used = await within(dialog).findByRole('list', { name: 'Used (1)' });
  expect(fake.callsTo('POST /lorebooks/lb-ada/test')[0]!.body).toEqual({ messages: ['Hello.', 'Meet me at the docks tonight.'], budget_tokens: 2048 });
  const item = within(used).getByRole('listitem');
  expect(item).toHaveTextContent('The Docks');
  expect(item).toHaveTextContent('Matched “docks”');
  expect(item).toHaveTextContent('In the messages');
  expect(within(dialog).getByText(/of 2,048 tokens used/)).toBeInTheDocument();
  const notMatched = within(dialog).getByRole('list', { name: 'Not matched (2)' });
  expect(within(notMatched).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Inspector HaleHale, inspector', 'The Blue LanternBlue Lantern, bar']);
  expect(within(dialog).queryByRole('list', { name: /Left out/ })).not.toBeInTheDocument();
});

it('says why entries were left out, in the engine’s order, and by recursion at which step', async () => {
  renderEdit({
    'POST /lorebooks/lb-ada/test': {
      body: {
        budget_tokens: 512,
        used_tokens: 30,
        activated: [
          { entry_id: 'lb-ada-e1', name: 'The Docks', tokens: 14, step: 0, matched: '(constant)' },
          { entry_id: 'lb-ada-e2', name: 'Inspector Hale', tokens: 16, step: 2, matched: 'Hale' },
        ],
        left_out: [
          { entry_id: 'x1', name: 'Too big', tokens: 900, reason: 'budget' },
          { entry_id: 'x2', name: 'Switched off', tokens: 5, reason: 'disabled' },
          { entry_id: 'lb-ada-e3', name: 'The Blue Lantern', tokens: 11, reason: 'depth' },
        ],
      },
    },
  });
  const dialog = await openTestView();
  const messages = within(dialog).getByRole('textbox', { name: 'Recent messages' });
  await userEvent.type(messages, 'Anything');
  await userEvent.keyboard('{Control>}{Enter}{/Control}');

  const used = await within(dialog).findByRole('list', { name: 'Used (2)' });
  expect(within(used).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    expect.stringContaining('Always on (constant)'),
    expect.stringContaining('By recursion, step 2'),
  ]);
  const leftOut = within(dialog).getByRole('list', { name: 'Left out (3)' });
  expect(within(leftOut).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    expect.stringMatching(/Too big.*900 tokens.*Did not fit in the lore budget/),
    expect.stringMatching(/Switched off.*disabled/),
    expect.stringMatching(/The Blue Lantern.*fourth recursion step/),
  ]);
  expect(within(dialog).queryByRole('list', { name: /Not matched/ })).not.toBeInTheDocument();
  expect(within(dialog).getByText('30 of 512 tokens used')).toBeInTheDocument();
});

it('asks for a message before calling, says when nothing matched, and sends no budget for the plan’s', async () => {
  const { fake } = renderEdit();
  const dialog = await openTestView();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
  expect(await within(dialog).findByText('Write at least one message.')).toBeInTheDocument();
  expect(fake.callsTo('POST /lorebooks/lb-ada/test')).toHaveLength(0);

  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Recent messages' }), 'The weather is fine.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
  expect(await within(dialog).findByText('No entry would be used for these messages.')).toBeInTheDocument();
  expect(fake.callsTo('POST /lorebooks/lb-ada/test')[0]!.body).toEqual({ messages: ['The weather is fine.'] });
  expect(within(dialog).getByRole('list', { name: 'Not matched (3)' })).toBeInTheDocument();
});

it('shows the API’s error with Try again, which runs the same test again', async () => {
  let calls = 0;
  renderEdit({
    'POST /lorebooks/lb-ada/test': () => {
      calls += 1;
      return calls === 1
        ? { status: 503, body: { error: { code: 'unavailable', message: 'The service is busy.' } } }
        : { body: { budget_tokens: 1024, used_tokens: 0, activated: [], left_out: [] } };
    },
  });
  const dialog = await openTestView();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Recent messages' }), 'docks');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run test' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('The service is busy.');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await within(dialog).findByText('No entry would be used for these messages.')).toBeInTheDocument();
  expect(calls).toBe(2);
});

it('closes with Escape and gives focus back to the page', async () => {
  renderEdit();
  const dialog = await openTestView();
  expect(within(dialog).getByRole('textbox', { name: 'Recent messages' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Test lorebook' })).toHaveFocus();
});
