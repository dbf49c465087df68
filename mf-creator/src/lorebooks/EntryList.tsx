import styled from '@emotion/styled';
import { useId } from 'react';
import { LOREBOOK_LIMITS as L } from '@fable/contracts';
import { Button, VisuallyHidden } from '@fable/shared';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  .entries-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  .entries-count {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
  .entries-scroll:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  .entries-scroll {
    /* document 2 §9: the entry list scrolls at 330 px. */
    max-height: ${L.entryListScrollHeightPx}px;
    overflow-y: auto;
    overscroll-behavior: contain;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 6px 12px;
    padding: 12px 14px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: none;
  }
  .entry-main {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
  }
  .entry-name {
    margin: 0;
    font-size: 0.95rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .entry-keywords {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .entry-keywords li {
    display: block;
    padding: 1px 8px;
    border: none;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-size: 0.75rem;
    overflow-wrap: anywhere;
  }
  .entry-content {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .entry-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: flex-end;
    gap: 6px;
  }
  .entries-empty {
    margin: 0;
    padding: 20px 14px;
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .entries-error {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.error};
  }
  @media (max-width: 600px) {
    li {
      grid-template-columns: minmax(0, 1fr);
    }
    .entry-actions {
      justify-content: flex-start;
    }
  }
`;

export interface EntryRow {
  key: string;
  name: string;
  keywords: readonly string[];
  content: string;
}

export interface EntryListProps {
  entries: readonly EntryRow[];
  onAdd: () => void;
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
  /** The list's own error ("At least 1 entry is required"). */
  error?: string | null;
  disabled?: boolean;
  /** Listed only (an imported book's entries, created as they are). */
  readOnly?: boolean;
}

/**
 * The entries of a lorebook in the form (document 2 §4, §9): name, keywords and the start of the content of each, in a
 * list that scrolls at 330 px, with Add Entry (up to 100), Edit, and Delete only while there is more than one entry.
 */
export function EntryList({ entries, onAdd, onEdit, onDelete, error, disabled = false, readOnly = false }: EntryListProps) {
  const headingId = useId();
  const errorId = useId();
  const full = entries.length >= L.entriesMax;
  const canDelete = entries.length > L.entriesMin;
  return (
    <Box>
      <div className="entries-head">
        <p className="entries-count" aria-live="polite">
          {T.entryCount(entries.length)}
        </p>
        {readOnly ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={onAdd}
            disabled={disabled || full}
            title={full ? T.entriesFull : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {T.addEntry}
          </Button>
        )}
      </div>
      {error ? (
        <p className="entries-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {/* Scrolled by keyboard through its entries' buttons; a read-only list, having none, takes the focus itself. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <div className="entries-scroll" role="region" aria-labelledby={headingId} tabIndex={readOnly ? 0 : undefined}>
        <VisuallyHidden id={headingId}>{T.entries}</VisuallyHidden>
        {entries.length === 0 ? (
          <p className="entries-empty">{T.noEntries}</p>
        ) : (
          <ol>
            {entries.map((entry) => (
              <li key={entry.key} data-testid="lorebook-entry">
                <div className="entry-main">
                  <h3 className="entry-name">{entry.name}</h3>
                  {entry.keywords.length > 0 ? (
                    <ul className="entry-keywords" aria-label={T.keywordsLabel}>
                      {entry.keywords.map((keyword) => (
                        <li key={keyword}>{keyword}</li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="entry-content">{entry.content}</p>
                </div>
                {readOnly ? null : (
                  <div className="entry-actions">
                    <Button size="sm" variant="secondary" onClick={() => onEdit(entry.key)} disabled={disabled}>
                      {T.editEntry}
                      <VisuallyHidden> {entry.name}</VisuallyHidden>
                    </Button>
                    {canDelete ? (
                      <Button size="sm" variant="ghost" onClick={() => onDelete(entry.key)} disabled={disabled}>
                        {T.deleteEntry}
                        <VisuallyHidden> {entry.name}</VisuallyHidden>
                      </Button>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Box>
  );
}
