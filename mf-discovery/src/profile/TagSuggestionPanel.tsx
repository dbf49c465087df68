import styled from '@emotion/styled';
import { useId, useMemo, useState } from 'react';
import type { TagSuggestionRecord } from '@fable/contracts';
import { Button, Spinner, TagChips, useNotify, useTagOptionsQuery } from '@fable/shared';
import { TAG_SUGGESTION_TEXTS as T } from './profileTexts';
import { keepsTooMany, removable, suggestionRecord, type PendingTagSuggestion } from './tagSuggestions';

/** At most this many options are listed at once; the filter narrows the rest. */
const VISIBLE_OPTIONS = 60;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  h3,
  h4 {
    margin: 0;
  }
  h3 {
    font-size: 1rem;
  }
  h4 {
    margin-bottom: 8px;
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  input[type='search'] {
    width: 100%;
    margin-bottom: 10px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  .options {
    max-height: 220px;
    overflow-y: auto;
  }
`;

const Alert = styled.p`
  && {
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.warningSoft};
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`;

export interface TagSuggestionPanelProps {
  id: string;
  characterId: string;
  currentTags: readonly string[];
  pending: PendingTagSuggestion | null;
  /** Resolves true once the API keeps it. */
  onSave: (record: TagSuggestionRecord) => Promise<boolean>;
  onDiscard: () => Promise<boolean>;
  onClose: () => void;
}

/**
 * The tag suggestion panel (document 1 §2 "tag suggestion", §4 "open/closed; send, discard", §5): un-press the bot's
 * tags that do not fit, press the application's tag options that do; at most 12 kept; Send with nothing chosen says
 * "Please select something !". Send gives the API the suggestion (one per member and chatbot, on every device);
 * Discard drops it. A failure says so ("Suggestions didn't sent !", "Not able to discard the suggestions.").
 */
export function TagSuggestionPanel({ id, characterId, currentTags, pending, onSave, onDiscard, onClose }: TagSuggestionPanelProps) {
  const notify = useNotify();
  const titleId = useId();
  const filterId = useId();
  const { data: options, isLoading } = useTagOptionsQuery();
  const [removed, setRemoved] = useState<string[]>(() => (pending ? pending.tags_to_remove.filter((tag) => currentTags.includes(tag)) : []));
  const [added, setAdded] = useState<string[]>(() => (pending ? pending.tags_to_add.filter((tag) => !currentTags.includes(tag)) : []));
  const [filter, setFilter] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const addable = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return (options ?? [])
      .filter((option) => !currentTags.includes(option.value))
      .filter((option) => !wanted || option.label.toLowerCase().includes(wanted) || option.value.toLowerCase().includes(wanted));
  }, [options, currentTags, filter]);
  // Chosen tags stay listed whatever the filter, so that they can be taken back.
  const listed = [
    ...addable.slice(0, VISIBLE_OPTIONS),
    ...(options ?? []).filter((option) => added.includes(option.value) && !addable.slice(0, VISIBLE_OPTIONS).includes(option)),
  ];

  const toggleKept = (tag: string) => {
    setMessage(null);
    if (removed.includes(tag)) {
      const next = removed.filter((t) => t !== tag);
      if (keepsTooMany(currentTags, next, added)) {
        setMessage(T.keepLimit);
        return;
      }
      setRemoved(next);
    } else if (removable(tag)) {
      setRemoved([...removed, tag]);
    }
  };

  const toggleAdded = (tag: string) => {
    setMessage(null);
    if (added.includes(tag)) {
      setAdded(added.filter((t) => t !== tag));
      return;
    }
    const next = [...added, tag];
    if (keepsTooMany(currentTags, removed, next)) {
      setMessage(T.keepLimit);
      return;
    }
    setAdded(next);
  };

  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (keepsTooMany(currentTags, removed, added)) {
      setMessage(T.keepLimit);
      return;
    }
    const record = suggestionRecord(characterId, currentTags, removed, added);
    if (!record) {
      setMessage(T.empty);
      return;
    }
    setBusy(true);
    const kept = await onSave(record);
    setBusy(false);
    if (!kept) {
      notify.error(T.sendFailed);
      return;
    }
    notify.success(T.saved);
    onClose();
  };

  const discard = async () => {
    if (pending) {
      setBusy(true);
      const dropped = await onDiscard();
      setBusy(false);
      if (!dropped) {
        notify.error(T.discardFailed);
        return;
      }
      notify(T.discarded);
    }
    onClose();
  };

  return (
    <Panel id={id} aria-labelledby={titleId}>
      <h3 id={titleId}>{T.title}</h3>
      <p>{T.intro}</p>
      {currentTags.length > 0 ? (
        <div>
          <h4>{T.current}</h4>
          <TagChips
            label={T.current}
            size="sm"
            tags={currentTags}
            states={Object.fromEntries(currentTags.map((tag) => [tag, removed.includes(tag) ? undefined : 'include']))}
            stateLabels={{ include: 'kept', exclude: 'removed' }}
            onStateChange={(tag) => toggleKept(tag)}
          />
        </div>
      ) : null}
      <div>
        <h4>
          <label htmlFor={filterId}>{T.add}</label>
        </h4>
        <input id={filterId} type="search" placeholder={T.filter} value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" />
        <div className="options">
          {isLoading ? (
            <Spinner size={20} label="Loading tags" />
          ) : listed.length === 0 ? (
            <p>{T.noOptions}</p>
          ) : (
            <TagChips
              label={T.add}
              size="sm"
              tags={listed.map((option) => ({ id: option.value, label: option.label }))}
              states={Object.fromEntries(added.map((tag) => [tag, 'include']))}
              stateLabels={{ include: 'added', exclude: 'removed' }}
              onStateChange={(tag) => toggleAdded(tag)}
            />
          )}
        </div>
      </div>
      {message ? <Alert role="alert">{message}</Alert> : null}
      <Actions>
        <Button variant="secondary" onClick={() => void discard()} disabled={busy}>
          {T.discard}
        </Button>
        <Button onClick={() => void send()} loading={busy}>
          {T.send}
        </Button>
      </Actions>
    </Panel>
  );
}
