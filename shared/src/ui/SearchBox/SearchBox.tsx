import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '../../hooks/useDebouncedCallback';
import { SearchIcon } from '../Icons';

export type SearchBoxSize = 'md' | 'lg';

export interface SearchBoxProps {
  /** The search in force (the URL's, the page's). When it changes from outside, the box shows it. */
  value: string;
  /** Called once typing has stopped for `debounceMs`, or at once on Enter. */
  onCommit: (value: string) => void;
  /** The wait after the last keystroke (document 1 §9: 300 ms for searches, SEARCH_LIMITS.searchDebounceMs). */
  debounceMs: number;
  /** Accessible name of the box. */
  label: string;
  placeholder?: string;
  maxLength?: number;
  /** md: a page's own search (up to 560 px); lg: the listing's (up to 720 px, larger type). */
  size?: SearchBoxSize;
  className?: string;
}

const Form = styled.form<{ $size: SearchBoxSize }>`
  position: relative;
  flex: ${({ $size }) => ($size === 'lg' ? '1 1 320px' : '1 1 280px')};
  min-width: 0;
  max-width: ${({ $size }) => ($size === 'lg' ? '720px' : '560px')};
  svg {
    position: absolute;
    left: ${({ $size }) => ($size === 'lg' ? '16px' : '14px')};
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    width: 100%;
    height: 44px;
    padding: 0 16px 0 ${({ $size }) => ($size === 'lg' ? '44px' : '40px')};
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    ${({ $size }) => ($size === 'lg' ? 'font-size: 1rem;' : '')}
    text-overflow: ellipsis;
  }
  input::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  input:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-basis: 100%;
    ${({ $size }) => ($size === 'lg' ? 'input { padding-left: 40px; font-size: 0.95rem; } svg { left: 14px; }' : '')}
  }
`;

/**
 * A search box (role search): a pill with a magnifying glass that commits what is typed once typing stops
 * (debounced), or at once on Enter. It keeps its own text while the user types; a `value` that changes from
 * outside (back/forward, a link) replaces it, but its own commit coming back does not (the user may type on).
 */
export function SearchBox({ value, onCommit, debounceMs, label, placeholder, maxLength = 200, size = 'md', className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    committed.current = next;
    onCommit(next);
  }, debounceMs);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    commit.cancel();
    setText(value);
  }, [value, commit]);

  return (
    <Form
      role="search"
      $size={size}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        commit.flush();
      }}
    >
      <SearchIcon />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.target.value);
          commit(event.target.value);
        }}
        autoComplete="off"
        enterKeyHint="search"
      />
    </Form>
  );
}
