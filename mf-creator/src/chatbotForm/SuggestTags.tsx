import styled from '@emotion/styled';
import { useState } from 'react';
import { SUGGESTION_MESSAGES, type ScoredTag } from '@fable/contracts';
import { apiErrorMessage, Button, useNotify } from '@fable/shared';
import { useFormContext, useWatch } from '@fable/shared/forms';
import { useCreator_suggestTagsMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 10px;
  ul {
    display: contents;
  }
  li {
    list-style: none;
  }
`;

/**
 * Suggest Tags (document 1 §7 suggest_tags, §5): needs name, title, greeting and personality; up to 5 of the
 * application's tags, each added with a click under the same 12-tag rule as the picker.
 */
export function SuggestTags({ selected, onAdd, disabled, characterId }: { selected: readonly string[]; onAdd: (tag: string) => void; disabled: boolean; characterId?: string }) {
  const { control, getValues } = useFormContext<ChatbotValues>();
  const [name, title, greeting, persona] = useWatch({ control, name: ['name', 'title', 'greeting', 'persona'] });
  const ready = [name, title, greeting, persona].every((v) => v.trim() !== '');
  const [suggest, { isLoading }] = useCreator_suggestTagsMutation();
  const [suggested, setSuggested] = useState<ScoredTag[]>([]);
  const notify = useNotify();
  const run = async () => {
    const v = getValues();
    const answer = await suggest({
      name: v.name,
      title: v.title,
      greeting: v.greeting,
      persona: v.persona,
      scenario: v.scenario || undefined,
      dialogue: v.dialogue || undefined,
      tags: v.tags,
      ...(characterId ? { character_id: characterId } : {}),
    });
    if ('error' in answer) notify.error(apiErrorMessage(answer.error, SUGGESTION_MESSAGES.timedOut));
    else setSuggested(answer.data.suggested_tags);
  };
  const open = suggested.filter((tag) => !selected.includes(tag.label));
  return (
    <Row>
      <Button size="sm" variant="ghost" onClick={() => void run()} loading={isLoading} disabled={disabled || !ready} title={ready ? undefined : SUGGESTION_MESSAGES.tagFieldsRequired}>
        {T.suggestTags}
      </Button>
      {open.length > 0 ? (
        <ul aria-label={T.suggestedTags}>
          {open.map((tag) => (
            <li key={tag.label}>
              <Button size="sm" variant="secondary" onClick={() => onAdd(tag.label)} aria-label={`Add ${tag.label}`}>
                + {tag.label}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Row>
  );
}
