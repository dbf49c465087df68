import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { z } from 'zod';
import {
  ChatbotReportSchema,
  REPORT_EXPECTED_RESOLUTIONS,
  REPORT_ISSUE_TYPES,
  REPORT_LIMITS,
  ReportExpectedResolutionSchema,
  ReportIssueTypeSchema,
} from '@fable/contracts';
import { apiErrorMessage, Button, useDebounce, useNotify, useParams } from '@fable/shared';
import { Form, FormRadioGroupField, FormSelectField, FormTextAreaField, FormTextField, useWatch, useZodForm } from '@fable/shared/forms';
import { Card } from '../session/SignInRequired';
import { useAccount_reportCharacterMutation, useAccount_reportedChatbotNameQuery } from './reportApi';
import { ISSUE_TYPE_LABELS, REPORT_TEXTS as T, RESOLUTION_LABELS } from './reportTexts';

/** The report's schema with empty choices while nothing is chosen ('' is refused with "Fill all fields to submit."). */
const reportFormSchema = ChatbotReportSchema.extend({
  userIssueType: z.string().pipe(ReportIssueTypeSchema),
  userExpectedResolution: z.string().pipe(ReportExpectedResolutionSchema),
});
type ReportFormValues = z.input<typeof reportFormSchema>;

const ISSUE_TYPE_OPTIONS = [{ value: '', label: T.issueTypePlaceholder }, ...REPORT_ISSUE_TYPES.map((value) => ({ value, label: ISSUE_TYPE_LABELS[value] }))];
const RESOLUTION_OPTIONS = REPORT_EXPECTED_RESOLUTIONS.map((value) => ({ value, label: RESOLUTION_LABELS[value] }));

const emptyReport = (characterId: string): ReportFormValues => ({
  character_id: characterId,
  userIssueType: '',
  userReportDetails: '',
  userExpectedResolution: '',
});

const ReportCard = styled(Card)`
  form {
    display: flex;
    flex-direction: column;
    gap: 18px;
  }
  textarea {
    min-height: 120px;
  }
`;

/** A line on a tinted surface: the 7-day note (info) and the server's error (error). */
const Notice = styled.p<{ $tone: 'info' | 'error' }>`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.errorSoft : theme.colors.infoSoft)};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

/** How long the typed id must rest before its chatbot is looked up (one call per id, not per keystroke). */
export const CHATBOT_LOOKUP_DELAY_MS = 400;

/**
 * The name of the chatbot the id names, when the page can show it (a nice touch: the id is what is sent). The id from
 * the path is looked up at once; a typed one once typing rests. A name shows only for the id in the field now.
 */
function useChatbotName(characterId: string): string | null {
  const typed = characterId.trim();
  const id = useDebounce(typed, CHATBOT_LOOKUP_DELAY_MS);
  const usable = id !== '' && id.length <= REPORT_LIMITS.characterIdMax;
  const { data } = useAccount_reportedChatbotNameQuery(id, { skip: !usable });
  return usable && id === typed && data ? data : null;
}

/**
 * /report and /report/{id}: the Report Issues form (document 2 §2, §5, §7, §8, §9) for guests and members. The id comes
 * from the path (editable); Submit stays disabled until every field is filled ("Fill all fields to submit."); on success
 * the toast "Report submitted successfully" (3 s) and an empty form (the path's id kept); the server's error below the
 * form. One report at a time: a double click sends once (and the API keeps one open report per reporter and chatbot).
 */
export function ReportPage() {
  const { characterId = '' } = useParams();
  // Another chatbot's Report link while the page is open starts a fresh form with its id.
  return <ReportForm key={characterId} fromPath={characterId} />;
}

function ReportForm({ fromPath }: { fromPath: string }) {
  const notify = useNotify();
  const form = useZodForm(reportFormSchema, { defaultValues: emptyReport(fromPath), mode: 'onTouched', reValidateMode: 'onChange' });
  const [report, { isLoading }] = useAccount_reportCharacterMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const sending = useRef(false);
  const values = useWatch({ control: form.control }) as Partial<ReportFormValues>;
  const filled = (['character_id', 'userIssueType', 'userReportDetails', 'userExpectedResolution'] as const).every(
    (field) => (values[field] ?? '').trim() !== '',
  );
  const chatbotName = useChatbotName(values.character_id ?? '');

  const onSubmit = async (body: z.output<typeof reportFormSchema>) => {
    if (sending.current) return;
    sending.current = true;
    setServerError(null);
    try {
      const result = await report(body);
      if ('error' in result && result.error) {
        setServerError(apiErrorMessage(result.error));
        return;
      }
      notify.success(T.submitted, { duration: 'normal' });
      form.reset(emptyReport(fromPath));
    } finally {
      sending.current = false;
    }
  };

  const busy = isLoading || form.formState.isSubmitting;
  return (
    <ReportCard aria-labelledby="report-title" data-testid="report-page">
      <h1 id="report-title">{T.title}</h1>
      <p>{T.intro}</p>
      <Form form={form} onSubmit={onSubmit} aria-labelledby="report-title" onChange={() => serverError && setServerError(null)}>
        <FormTextField<ReportFormValues>
          name="character_id"
          label={T.chatbotId}
          autoComplete="off"
          spellCheck={false}
          maxLength={REPORT_LIMITS.characterIdMax * 2}
          hint={T.chatbotIdHint}
          status={chatbotName ? { tone: 'hint', text: T.chatbotName(chatbotName) } : null}
        />
        <FormSelectField<string, ReportFormValues> name="userIssueType" label={T.issueType} options={ISSUE_TYPE_OPTIONS} />
        <FormTextAreaField<ReportFormValues>
          name="userReportDetails"
          label={T.details}
          limit={REPORT_LIMITS.detailsMax}
          placeholder={T.detailsPlaceholder}
          rows={5}
        />
        <FormRadioGroupField<string, ReportFormValues> name="userExpectedResolution" legend={T.expectedResolution} options={RESOLUTION_OPTIONS} />
        <Notice $tone="info">{T.handledWithin}</Notice>
        <Actions>
          <Button type="submit" loading={busy} disabled={!filled} aria-describedby={filled ? undefined : 'report-fill-all'}>
            {T.submit}
          </Button>
          {filled ? null : <p id="report-fill-all">{T.fillAllFields}</p>}
        </Actions>
        {serverError ? <Notice $tone="error" role="alert">
            {serverError}
          </Notice> : null}
      </Form>
    </ReportCard>
  );
}
