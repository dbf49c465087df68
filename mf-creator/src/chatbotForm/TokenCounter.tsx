import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { CHARACTER_MESSAGES, tokenCounterText, type CharacterTokenCount } from '@fable/contracts';
import { useDebounce } from '@fable/shared';
import { useFormContext, useWatch } from '@fable/shared/forms';
import { useCreator_countTokensMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 12px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.9rem;
  .token-total {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  &[data-state='warning'] .token-note {
    color: ${({ theme }) => theme.colors.warning};
  }
  &[data-state='over'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  .token-fields {
    flex-basis: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 2px 14px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.82rem;
    font-variant-numeric: tabular-nums;
  }
  &[data-state='over'] .token-note,
  &[data-state='over'] .token-total {
    color: ${({ theme }) => theme.colors.error};
  }
`;

const FIELD_LABELS = [
  ['greeting', T.greeting],
  ['persona', T.personality],
  ['scenario', T.scenario],
  ['dialogue', T.dialogue],
] as const;

/** The message of a total over the hard limit (document 1 §5; the API answers the same, character_token_limit). */
export const tokenLimitText = (count: number, limit: number) =>
  CHARACTER_MESSAGES.tokenLimitExceeded.replace('{count}', String(count)).replace('{limit}', String(limit));

/**
 * The token counter over greeting, personality, scenario and example dialogue (document 1 §5): "x/limit", a warning
 * above 1600 and an error above the visibility's hard limit, and each field's share. Counted by the API with the chat's tokenizer, 500 ms
 * after the last change; `onCount` hears every answer (the form refuses to save over the limit).
 */
export function TokenCounter({ onCount }: { onCount: (count: CharacterTokenCount | null) => void }) {
  const { control } = useFormContext<ChatbotValues>();
  const [greeting, persona, scenario, dialogue, visibility] = useWatch({ control, name: ['greeting', 'persona', 'scenario', 'dialogue', 'visibility'] });
  const body = useDebounce(JSON.stringify({ greeting, persona, scenario, dialogue, visibility: visibility || 'private' }), 500);
  const [count] = useCreator_countTokensMutation();
  // The last count stays shown while the next one is asked (no flicker to "…" on every pause in typing).
  const [data, setData] = useState<CharacterTokenCount | null>(null);
  useEffect(() => {
    const request = count(JSON.parse(body) as Parameters<typeof count>[0]);
    void request.then((answer) => {
      if (!('data' in answer) || !answer.data) return;
      setData(answer.data);
      onCount(answer.data);
    });
    return () => request.abort();
  }, [body, count, onCount]);
  const state = !data ? 'idle' : data.over_limit ? 'over' : data.warning ? 'warning' : 'ok';
  return (
    <Box data-state={state} role="status" aria-live="polite" aria-label={T.tokens}>
      <span>{T.tokens}</span>
      <span className="token-total">{data ? tokenCounterText(data.token_count, data.limit) : '…'}</span>
      {data?.over_limit ? (
        <span className="token-note">{tokenLimitText(data.token_count, data.limit)}</span>
      ) : data?.warning ? (
        <span className="token-note">{T.tokenWarning}</span>
      ) : null}
      {data ? (
        <ul className="token-fields" aria-label="Tokens by field">
          {FIELD_LABELS.map(([field, label]) => (
            <li key={field}>
              {label} {data.fields[field]}
            </li>
          ))}
        </ul>
      ) : null}
    </Box>
  );
}
