import styled from '@emotion/styled';
import { useId, useState, type KeyboardEvent } from 'react';
import type { LorebookEntry } from '@fable/contracts';
import { apiErrorMessage, Button, Modal, Spinner } from '@fable/shared';
import { Form, FormSelectField, FormTextAreaField, useZodForm } from '@fable/shared/forms';
import { useLorebook_testMutation } from './lorebookTestApi';
import { TestResults } from './TestResults';
import { TEST_VIEW_TEXTS as T } from './testViewTexts';
import { testBodyOf, TestViewFormSchema, type BudgetChoice, type TestViewForm } from './testViewValues';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  .intro,
  .note {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.45;
  }
  .fields {
    display: flex;
    flex-direction: column;
    gap: 14px;
  }
  .failed {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.errorSoft};
    color: ${({ theme }) => theme.colors.text};
  }
  .failed p {
    margin: 0;
    flex: 1 1 200px;
  }
`;

/** The test view's dialog: sample messages and a budget, the engine's answer under them. Render it while open. */
function TestViewDialog({ lorebookId, entries, onClose }: { lorebookId: string; entries: readonly LorebookEntry[]; onClose: () => void }) {
  const formId = useId();
  const form = useZodForm(TestViewFormSchema, { defaultValues: { messages: '', budget: 'plan' } });
  const [runTest, test] = useLorebook_testMutation();
  const [last, setLast] = useState<TestViewForm | null>(null);
  const run = (values: TestViewForm) => {
    setLast(values);
    void runTest({ lorebookId, body: testBodyOf(values) });
  };
  const runOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={T.title}
      size="lg"
      data-testid="lore-test-view"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.close}
          </Button>
          <Button type="submit" form={formId} loading={test.isLoading}>
            {T.run}
          </Button>
        </>
      }
    >
      <Body>
        <p className="intro">{T.intro}</p>
        <Form form={form} onSubmit={run} id={formId} aria-label={T.title}>
          <div className="fields">
            <FormTextAreaField<TestViewForm> name="messages" label={T.messages} hint={T.messagesHint} rows={5} onKeyDown={runOnCtrlEnter} />
            <FormSelectField<BudgetChoice, TestViewForm> name="budget" label={T.budget} hint={T.budgetHint} options={T.budgetOptions} />
          </div>
        </Form>
        <div aria-live="polite" aria-busy={test.isLoading}>
          {test.isLoading ? (
            <Spinner label={T.running} center />
          ) : test.isError ? (
            <div className="failed" role="alert">
              <p>{apiErrorMessage(test.error, T.failed)}</p>
              {last ? (
                <Button size="sm" variant="secondary" onClick={() => run(last)}>
                  {T.tryAgain}
                </Button>
              ) : null}
            </div>
          ) : test.data ? (
            <TestResults result={test.data} entries={entries} />
          ) : (
            <p className="note">{T.notRun}</p>
          )}
        </div>
      </Body>
    </Modal>
  );
}

/** "Test lorebook" on the edit page: opens the lore engine's test view for the saved entries. */
export function LorebookTestView({ lorebookId, entries }: { lorebookId: string; entries: readonly LorebookEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {T.open}
      </Button>
      {open ? <TestViewDialog lorebookId={lorebookId} entries={entries} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
