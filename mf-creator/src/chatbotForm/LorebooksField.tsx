import styled from '@emotion/styled';
import { useCallback, useState } from 'react';
import { LOREBOOK_LIMITS } from '@fable/contracts';
import { apiErrorMessage, Link, Spinner, useNotify } from '@fable/shared';
import { useCharacters_profileQuery } from '@fable/shared/characters';
import { useLorebook_attachMutation, useLorebook_detachMutation, useLorebook_mineQuery } from '../lorebooks/lorebookApi';
import { LOREBOOK_FIELD_TEXTS as T } from './lorebooksFieldTexts';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  ul {
    display: flex;
    flex-direction: column;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    cursor: pointer;
    line-height: 1.4;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .count {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .retry {
    padding: 0;
    border: none;
    background: none;
    color: ${({ theme }) => theme.colors.primaryText};
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
  .hint {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface LorebooksFieldProps {
  /** The saved chatbot: each change is attached or detached at once. Without it (create), `selected` and `onChange`. */
  characterId?: string;
  selected?: readonly string[];
  onChange?: (ids: string[]) => void;
}

/**
 * The chatbot's lorebooks (document 2 §2: "the chatbot form attaches lorebooks"): the creator's own, as checkboxes.
 * Editing a saved chatbot, a tick attaches and an untick detaches at once, each a whole change the list then shows as
 * the API has it (nothing waits for Save, which a review or a refusal could stop halfway); a new chatbot's ticks are
 * attached once it is created.
 */
export function LorebooksField({ characterId, selected = [], onChange }: LorebooksFieldProps) {
  const notify = useNotify();
  const mine = useLorebook_mineQuery();
  const profile = useCharacters_profileQuery(characterId ?? '', { skip: !characterId });
  const [attach] = useLorebook_attachMutation();
  const [detach] = useLorebook_detachMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const attached = characterId ? (profile.data?.lorebooks ?? []).map((l) => l.id) : selected;
  // While the chatbot is read again after a change, a new tick would be shown and then undone by the older answer
  // (RTK Query writes a refetch over the tick's optimistic update): the boxes wait for it.
  const rereading = characterId !== undefined && profile.isFetching;

  const toggle = async (lorebookId: string, name: string, on: boolean) => {
    if (!characterId) {
      onChange?.(on ? [...selected, lorebookId] : selected.filter((id) => id !== lorebookId));
      return;
    }
    setPending((p) => new Set(p).add(lorebookId));
    const answer = on ? await attach({ characterId, lorebookId, name }) : await detach({ characterId, lorebookId });
    setPending((p) => {
      const next = new Set(p);
      next.delete(lorebookId);
      return next;
    });
    if ('error' in answer) notify.error(apiErrorMessage(answer.error));
  };

  if (mine.isLoading || (characterId && profile.isLoading)) return <Spinner label={T.loading} />;
  if (!mine.data) {
    return (
      <Box>
        <p className="hint" role="alert">
          {T.failed}{' '}
          <button type="button" className="retry" onClick={() => void mine.refetch()}>
            {T.retry}
          </button>
        </p>
      </Box>
    );
  }
  const lorebooks = mine.data;
  const full = attached.length >= LOREBOOK_LIMITS.perChatbotMax;
  return (
    <Box>
      {lorebooks.length === 0 ? (
        <p className="hint">
          {T.none} <Link to="/lorebook/create">{T.create}</Link>
        </p>
      ) : (
        <>
          <ul aria-label={T.label}>
            {lorebooks.map((lorebook) => (
              <li key={lorebook.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={attached.includes(lorebook.id)}
                    disabled={pending.has(lorebook.id) || rereading || (full && !attached.includes(lorebook.id))}
                    onChange={(event) => void toggle(lorebook.id, lorebook.name, event.currentTarget.checked)}
                  />
                  <span>{lorebook.name}</span>
                  <span className="count">{T.entries(lorebook.num_entries)}</span>
                </label>
              </li>
            ))}
          </ul>
          <p className="hint">{full ? T.full : characterId ? T.savedAtOnce : T.attachedOnCreate}</p>
        </>
      )}
    </Box>
  );
}

/**
 * Attaches a new chatbot's ticked lorebooks once it is created, one after the other. Resolves the text to show when one
 * failed (the chatbot stays created; its editor's Lorebooks section shows what is attached), or null.
 */
export function useAttachLorebooks() {
  const [attach] = useLorebook_attachMutation();
  return useCallback(
    async (characterId: string, lorebookIds: readonly string[]): Promise<string | null> => {
      for (const lorebookId of lorebookIds) {
        const answer = await attach({ characterId, lorebookId, name: '' });
        if ('error' in answer) return T.attachFailed(apiErrorMessage(answer.error));
      }
      return null;
    },
    [attach],
  );
}
