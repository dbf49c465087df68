import styled from '@emotion/styled';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LOREBOOK_LIMITS as L, type LorebookEntryInput } from '@fable/contracts';
import { useController, useFieldNote, useFormContext } from '@fable/shared/forms';
import { LOREBOOK_TEXTS } from './lorebookTexts';

const T = LOREBOOK_TEXTS.entryModal;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .keyword-box {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    padding: 6px 8px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
  }
  .keyword-box:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  .keyword-box[data-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  ul {
    display: contents;
    list-style: none;
  }
  li {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    max-width: 100%;
    padding: 2px 4px 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-size: 0.85rem;
  }
  li[data-invalid='true'] {
    background: ${({ theme }) => theme.colors.errorSoft};
    color: ${({ theme }) => theme.colors.error};
  }
  li span {
    overflow-wrap: anywhere;
  }
  li button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 22px;
    height: 22px;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font-size: 1rem;
    line-height: 1;
    cursor: pointer;
  }
  li button:hover,
  li button:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    outline: none;
  }
  .keyword-box:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  input {
    flex: 1 1 140px;
    min-width: 120px;
    padding: 6px 4px;
    border: none;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  input:focus {
    outline: none;
  }
  .keyword-foot {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 12px;
  }
  .keyword-count {
    flex: none;
    margin: 0 0 0 auto;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
`;

/** Splits typed or pasted text at commas (and new lines) into keywords. */
const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * The keywords of an entry (document 2 §5: at least 2, at most 12, each at most 100 in the input) as chips: Enter or a
 * comma adds what was typed, a pasted list is split at its commas, Backspace in an empty input removes the last chip,
 * each chip has its remove button. A repeat (case-insensitive) is not added twice. What is typed but not yet added is
 * added when the input loses focus, so nothing typed is lost on Save.
 */
export function KeywordsField() {
  const { control, clearErrors, formState } = useFormContext<LorebookEntryInput>();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control, name: 'keywords' });
  const keywords: string[] = value;
  const [draft, setDraft] = useState('');
  const itemErrors = formState.errors.keywords as unknown as (({ message?: string } | undefined)[] & { message?: string }) | undefined;
  const firstItemError = Array.isArray(itemErrors) ? itemErrors.find((e) => e?.message)?.message : undefined;
  const full = keywords.length >= L.keywordsMax;
  const error = fieldState.error?.message ?? firstItemError ?? null;
  const note = useFieldNote({ error, hint: full ? T.keywordsMax : T.keywordsHint });

  const add = (texts: string[]) => {
    const next = [...keywords];
    for (const keyword of texts.map((k) => k.slice(0, L.keywordMax))) {
      if (next.length >= L.keywordsMax) break;
      if (!next.some((k) => k.toLowerCase() === keyword.toLowerCase())) next.push(keyword);
    }
    if (next.length !== keywords.length) {
      onChange(next);
      clearErrors('keywords');
    }
  };
  const commit = () => {
    if (draft.trim()) add(split(draft));
    setDraft('');
  };
  const remove = (index: number) => {
    onChange(keywords.filter((_, i) => i !== index));
    clearErrors('keywords');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && keywords.length > 0) {
      event.preventDefault();
      remove(keywords.length - 1);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[,\n]/.test(pasted)) return;
    event.preventDefault();
    add(split(draft + pasted));
    setDraft('');
  };

  return (
    <Box>
      <label htmlFor={`${note.id}-input`}>{T.keywords}</label>
      <div className="keyword-box" data-invalid={note.invalid ?? false}>
        {keywords.length > 0 ? (
          <ul aria-label={T.keywords}>
            {keywords.map((keyword, i) => (
              <li key={keyword} data-invalid={keyword.length > L.keywordMax || undefined}>
                <span>{keyword}</span>
                <button type="button" aria-label={T.removeKeyword(keyword)} onClick={() => remove(i)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={ref}
          id={`${note.id}-input`}
          value={draft}
          maxLength={L.keywordMax}
          disabled={full}
          placeholder={full ? undefined : T.keywordsPlaceholder}
          enterKeyHint="enter"
          autoComplete="off"
          aria-invalid={note.invalid}
          aria-describedby={note.describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={commit}
        />
      </div>
      <div className="keyword-foot">
        {note.row}
        <p className="keyword-count" aria-hidden="true">
          {T.keywordCount(keywords.length)}
        </p>
      </div>
    </Box>
  );
}
