import { SUGGESTION_MESSAGES, type SuggestFieldName } from '@fable/contracts';
import { apiErrorMessage, Button, useNotify } from '@fable/shared';
import { useFormContext, useWatch } from '@fable/shared/forms';
import { useCreator_suggestFieldMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';

/** Name and title of at least 3 trimmed characters each (document 1 §5). */
export const canSuggestFrom = (name: string, title: string) => name.trim().length >= 3 && title.trim().length >= 3;

/**
 * "Suggest" beside a field (document 1 §7 suggest_field): the model writes the field from the others. Needs a name and
 * a title of 3 characters or more; off while the chatbot is under review (`locked`). The suggestion replaces the
 * field's text, marked as a change like any edit.
 */
export function SuggestButton({ field, label, locked, characterId }: { field: SuggestFieldName; label: string; locked: boolean; characterId?: string }) {
  const { control, getValues, setValue, clearErrors } = useFormContext<ChatbotValues>();
  const [name, title] = useWatch({ control, name: ['name', 'title'] });
  const [suggest, { isLoading }] = useCreator_suggestFieldMutation();
  const notify = useNotify();
  const ready = canSuggestFrom(name, title);
  const run = async () => {
    const v = getValues();
    const answer = await suggest({
      field,
      fields_values: { name: v.name, title: v.title, persona: v.persona, greeting: v.greeting, scenario: v.scenario, dialogue: v.dialogue },
      ...(characterId ? { character_id: characterId } : {}),
    });
    if ('error' in answer) notify.error(apiErrorMessage(answer.error, SUGGESTION_MESSAGES.timedOut));
    else {
      setValue(field, answer.data.suggested_value, { shouldDirty: true });
      clearErrors(field);
    }
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void run()}
      loading={isLoading}
      disabled={locked || !ready}
      title={ready ? undefined : SUGGESTION_MESSAGES.nameTitleRequired}
      aria-label={T.suggestFor(label)}
    >
      {T.suggest}
    </Button>
  );
}
