import styled from '@emotion/styled';
import { CHARACTER_LIMITS, STEP_FAMILY_TAG, tagCounterText } from '@fable/contracts';
import { Spinner, useNotify, useTagOptionsQuery, VisuallyHidden } from '@fable/shared';
import { useController, useFieldNote, useFormContext } from '@fable/shared/forms';
import { SuggestTags } from './SuggestTags';
import type { ChatbotValues } from './chatbotValues';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0 0 6px;
    padding: 0;
    list-style: none;
  }
  button {
    padding: 6px 12px;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 0.85rem;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-weight: 600;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  .tag-counter {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`;

export interface TagPickerProps {
  disabled?: boolean;
  savedTags?: readonly string[];
  characterId?: string;
  /** The line under the tags (a chatbot's: "At least 2 for a public chatbot."). */
  hint?: string;
  /** Suggest Tags from the chatbot's fields (a chatbot only). */
  suggest?: boolean;
  /** Shows the "Tags" legend (a form without a Tags heading of its own: the v1 chatbot form). */
  showLegend?: boolean;
}

/**
 * The tags of a chatbot (document 1 §5): picked from the application's tag options, 12 at most (the counter "Limit N
 * / 12"; a 13th says "Tag limit reached"), 2 at least for a public one. A lorebook's tags are picked the same way
 * (document 2 §5: at least 2; the same maximum), without Suggest Tags. Tags a chatbot already has that are no
 * option (an imported card's) are shown first and can be removed. Step-Family stays once a saved chatbot has it
 * ("retained when present", document 1 §5): `savedTags` are the saved chatbot's.
 */
export function TagPicker({ disabled = false, savedTags = [], characterId, hint = T.tagsHint, suggest = true, showLegend = false }: TagPickerProps) {
  const { control, clearErrors } = useFormContext<Pick<ChatbotValues, 'tags'>>();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control, name: 'tags' });
  const { data: options, isLoading } = useTagOptionsQuery();
  const notify = useNotify();
  const note = useFieldNote({ error: fieldState.error?.message ?? null, hint });
  const selected: string[] = value;
  const optionValues = (options ?? []).map((o) => o.value);
  const all = [...selected.filter((tag) => !optionValues.includes(tag)), ...optionValues];
  const retained = (tag: string) => tag.toLowerCase() === STEP_FAMILY_TAG.toLowerCase() && savedTags.some((t) => t.toLowerCase() === tag.toLowerCase());
  const toggle = (tag: string) => {
    if (selected.includes(tag)) {
      if (retained(tag)) return;
      onChange(selected.filter((t) => t !== tag));
    }
    else if (selected.length >= CHARACTER_LIMITS.tagsMax) {
      notify.warning(T.tagLimitReached);
      return;
    } else onChange([...selected, tag]);
    if (fieldState.error) clearErrors('tags');
  };
  return (
    <Group aria-invalid={note.invalid} aria-describedby={note.describedBy} disabled={disabled}>
      <legend>{showLegend ? T.tags : <VisuallyHidden>{T.tags}</VisuallyHidden>}</legend>
      {isLoading ? (
        <Spinner label="Loading tags" />
      ) : (
        <ul>
          {all.map((tag, i) => (
            <li key={tag}>
              <button
                type="button"
                aria-pressed={selected.includes(tag)}
                aria-disabled={retained(tag) || undefined}
                title={retained(tag) ? `${tag} stays once a chatbot has it` : undefined}
                onClick={() => toggle(tag)}
                ref={i === 0 ? ref : undefined}
              >
                {(options ?? []).find((o) => o.value === tag)?.label ?? tag}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="tag-counter" aria-live="polite">
        {tagCounterText(selected.length)}
      </p>
      {note.row}
      {suggest ? <SuggestTags selected={selected} onAdd={toggle} disabled={disabled} characterId={characterId} /> : null}
    </Group>
  );
}
