import styled from '@emotion/styled';
import { VisuallyHidden } from '../VisuallyHidden';

export type TagChipState = 'include' | 'exclude';

export interface TagChipItem {
  id: string;
  label: string;
}

export interface TagChipsProps {
  /** Tags as items, or as plain strings (id and label alike). */
  tags: readonly (TagChipItem | string)[];
  /** Accessible name of the list. */
  label?: string;
  /** Include/exclude state per tag id; a tag not listed is neither. */
  states?: Readonly<Record<string, TagChipState | undefined>>;
  /**
   * Makes the chips toggle buttons. A press moves a tag to its next state: none → include → none, or
   * with allowExclude none → include → exclude → none (the tag filter panel, document 1 §2).
   */
  onStateChange?: (id: string, next: TagChipState | null) => void;
  allowExclude?: boolean;
  /** Shows a remove button on each chip. */
  onRemove?: (id: string) => void;
  /** Accessible name of a chip's remove button. */
  removeLabel?: (label: string) => string;
  /** Screen-reader words for the states. */
  stateLabels?: Readonly<Record<TagChipState, string>>;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

const DEFAULT_STATE_LABELS: Record<TagChipState, string> = { include: 'included', exclude: 'excluded' };
const MARK: Record<TagChipState, string> = { include: '+', exclude: '−' };

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li<{ $state: TagChipState | 'none'; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  max-width: 100%;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid
    ${({ theme, $state }) =>
      $state === 'include' ? theme.colors.primary : $state === 'exclude' ? theme.colors.error : theme.colors.border};
  background: ${({ theme, $state }) =>
    $state === 'include' ? theme.colors.primarySoft : $state === 'exclude' ? theme.colors.errorSoft : theme.colors.surfaceRaised};
  color: ${({ theme, $state }) => ($state === 'exclude' ? theme.colors.error : theme.colors.text)};
  font-size: ${({ $size }) => ($size === 'sm' ? '0.8rem' : '0.88rem')};
  line-height: 1.2;
  .chip-body {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-width: 0;
    padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : '6px 12px')};
    border: none;
    border-radius: inherit;
    background: transparent;
    color: inherit;
    font: inherit;
    text-decoration: ${({ $state }) => ($state === 'exclude' ? 'line-through' : 'none')};
  }
  .chip-text {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button.chip-body {
    cursor: pointer;
  }
  button.chip-body:hover:not(:disabled) {
    filter: brightness(1.15);
  }
  .chip-remove {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 22px;
    height: 22px;
    margin: 0 4px 0 -6px;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font-size: 1rem;
    line-height: 1;
    cursor: pointer;
    opacity: 0.75;
  }
  .chip-remove:hover:not(:disabled) {
    opacity: 1;
    background: ${({ theme }) => theme.colors.border};
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

function nextState(state: TagChipState | undefined, allowExclude: boolean): TagChipState | null {
  if (state === undefined) return 'include';
  if (state === 'include' && allowExclude) return 'exclude';
  return null;
}

/** A wrapping list of tag chips, optionally toggling include/exclude and removable. */
export function TagChips({
  tags,
  label,
  states = {},
  onStateChange,
  allowExclude = false,
  onRemove,
  removeLabel = (l) => `Remove ${l}`,
  stateLabels = DEFAULT_STATE_LABELS,
  disabled = false,
  size = 'md',
  className,
}: TagChipsProps) {
  return (
    <List aria-label={label} className={className}>
      {tags.map((tag) => {
        const { id, label: text } = typeof tag === 'string' ? { id: tag, label: tag } : tag;
        const state = states[id];
        const content = (
          <>
            {state ? <span aria-hidden="true">{MARK[state]}</span> : null}
            <span className="chip-text">{text}</span>
            {state ? <VisuallyHidden>, {stateLabels[state]}</VisuallyHidden> : null}
          </>
        );
        return (
          <Chip key={id} $state={state ?? 'none'} $size={size} data-state={state ?? 'none'}>
            {onStateChange ? (
              <button
                type="button"
                className="chip-body"
                aria-pressed={state !== undefined}
                aria-label={state ? `${text}, ${stateLabels[state]}` : text}
                disabled={disabled}
                onClick={() => onStateChange(id, nextState(state, allowExclude))}
              >
                {content}
              </button>
            ) : (
              <span className="chip-body">{content}</span>
            )}
            {onRemove ? (
              <button type="button" className="chip-remove" aria-label={removeLabel(text)} disabled={disabled} onClick={() => onRemove(id)}>
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </Chip>
        );
      })}
    </List>
  );
}
