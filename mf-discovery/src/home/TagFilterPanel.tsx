import styled from '@emotion/styled';
import { LAYOUT_LIMITS, type FacetCount } from '@fable/contracts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { abbreviateCount, Button, TagChips, type TagChipState } from '@fable/shared';

/** Texts of the tag filter panel (document 1 §2 "Listing (home) screen": include, exclude, reset; language filter). */
export const TAG_FILTER_TEXTS = {
  title: 'Tags',
  include: 'Include',
  exclude: 'Exclude',
  reset: 'Reset',
  close: 'Close tags',
  allTags: 'All tags',
  languages: 'Languages',
  filterLabel: 'Find a tag',
  filterPlaceholder: 'Find a tag…',
  includeHint: 'Tap a tag once to include it.',
  excludeHint: 'Tap it again to exclude it.',
  noTags: 'No tags for these results.',
  remove: (tag: string) => `Remove ${tag}`,
} as const;

const { desktop: PANEL_PX, drawer: DRAWER_PX } = LAYOUT_LIMITS.tagPanelWidthPx;

/** Beside the results on wide screens (220 px); a drawer of 274 px from the left on narrow ones (document 1 §9). */
const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: ${PANEL_PX}px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  align-self: start;
  position: sticky;
  top: 76px;
  max-height: calc(100vh - 96px);
  overflow-y: auto;
  overscroll-behavior: contain;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 0.78rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .hint {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input {
    width: 100%;
    height: 36px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 0.9rem;
  }
  .close {
    display: none;
  }
  &:focus {
    outline: none;
  }
  @media ${({ theme }) => theme.breakpoints.tablet} {
    position: fixed;
    top: 0;
    left: 0;
    bottom: 0;
    z-index: ${({ theme }) => theme.zIndex.modal - 1};
    width: min(${DRAWER_PX}px, 100vw);
    max-height: none;
    border-radius: 0 ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg} 0;
    box-shadow: ${({ theme }) => theme.shadow};
    padding-bottom: max(16px, env(safe-area-inset-bottom));
    .close {
      display: inline-flex;
    }
  }
`;

/** The dimmed page behind the drawer (narrow screens only). */
export const DrawerBackdrop = styled.div`
  display: none;
  @media ${({ theme }) => theme.breakpoints.tablet} {
    display: block;
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.zIndex.modal - 2};
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  h2 {
    flex: 1;
  }
`;

/** A language's name in that language (Intl), or its code. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

export interface TagSelection {
  includeTags: string[];
  excludeTags: string[];
  languages: string[];
}

export interface TagFilterPanelProps {
  id: string;
  /** The answer's tag facets (most frequent first). */
  tags: readonly FacetCount[];
  /** The answer's translated-language facets. */
  languages: readonly FacetCount[];
  selection: TagSelection;
  /** The language filter shows only when its flag is on. */
  languageFilter: boolean;
  onChange: (selection: TagSelection) => void;
  onClose: () => void;
}

const narrow = () => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 1023px)').matches) ?? false;

/**
 * The tag filter (document 1 §2): each tag of the results, with its count, goes none → include → exclude → none;
 * included and excluded tags are listed apart and can be removed; Reset clears all; languages when the flag is on.
 */
export function TagFilterPanel({ id, tags, languages, selection, languageFilter, onChange, onClose }: TagFilterPanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  const [find, setFind] = useState('');
  const { includeTags, excludeTags } = selection;
  const selectedLanguages = selection.languages;

  useEffect(() => {
    // As a drawer it takes the focus (and gives it back to the Tags button when closed).
    if (!narrow()) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const states = useMemo(() => {
    const map: Record<string, TagChipState> = {};
    for (const tag of includeTags) map[tag] = 'include';
    for (const tag of excludeTags) map[tag] = 'exclude';
    return map;
  }, [includeTags, excludeTags]);

  const allTags = useMemo(() => {
    const counts = new Map(tags.map((t) => [t.value, t.count]));
    const values = [...new Set([...includeTags, ...excludeTags, ...tags.map((t) => t.value)])];
    const needle = find.trim().toLocaleLowerCase();
    return values
      .filter((value) => needle === '' || value.toLocaleLowerCase().includes(needle))
      .map((value) => {
        const count = counts.get(value);
        return { id: value, label: count === undefined ? value : `${value} (${abbreviateCount(count)})` };
      });
  }, [tags, includeTags, excludeTags, find]);

  const setTagState = (tag: string, next: TagChipState | null) => {
    onChange({
      ...selection,
      includeTags: next === 'include' ? [...includeTags.filter((t) => t !== tag), tag] : includeTags.filter((t) => t !== tag),
      excludeTags: next === 'exclude' ? [...excludeTags.filter((t) => t !== tag), tag] : excludeTags.filter((t) => t !== tag),
    });
  };

  const languageCodes = [...new Set([...selectedLanguages, ...languages.map((l) => l.value)])];
  const languageStates = Object.fromEntries(selectedLanguages.map((l) => [l, 'include' as const]));
  const languageCounts = new Map(languages.map((l) => [l.value, l.count]));
  const anything = includeTags.length + excludeTags.length + (languageFilter ? selectedLanguages.length : 0) > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Panel id={id} ref={panelRef} tabIndex={-1} aria-labelledby={`${id}-title`} onKeyDown={onKeyDown} data-testid="tag-panel">
      <Header>
        <h2 id={`${id}-title`}>{TAG_FILTER_TEXTS.title}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!anything}
          onClick={() => onChange({ includeTags: [], excludeTags: [], languages: languageFilter ? [] : selectedLanguages })}
        >
          {TAG_FILTER_TEXTS.reset}
        </Button>
        <Button className="close" variant="ghost" size="sm" aria-label={TAG_FILTER_TEXTS.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </Button>
      </Header>
      <div>
        <h3 id={`${id}-include`}>{TAG_FILTER_TEXTS.include}</h3>
        {includeTags.length > 0 ? (
          <TagChips
            size="sm"
            tags={includeTags}
            label={TAG_FILTER_TEXTS.include}
            states={states}
            onRemove={(tag) => setTagState(tag, null)}
            removeLabel={TAG_FILTER_TEXTS.remove}
          />
        ) : (
          <p className="hint">{TAG_FILTER_TEXTS.includeHint}</p>
        )}
      </div>
      <div>
        <h3 id={`${id}-exclude`}>{TAG_FILTER_TEXTS.exclude}</h3>
        {excludeTags.length > 0 ? (
          <TagChips
            size="sm"
            tags={excludeTags}
            label={TAG_FILTER_TEXTS.exclude}
            states={states}
            onRemove={(tag) => setTagState(tag, null)}
            removeLabel={TAG_FILTER_TEXTS.remove}
          />
        ) : (
          <p className="hint">{TAG_FILTER_TEXTS.excludeHint}</p>
        )}
      </div>
      {languageFilter ? (
        <div>
          <h3>{TAG_FILTER_TEXTS.languages}</h3>
          <TagChips
            size="sm"
            label={TAG_FILTER_TEXTS.languages}
            tags={languageCodes.map((code) => {
              const count = languageCounts.get(code);
              const name = languageName(code);
              return { id: code, label: count === undefined ? name : `${name} (${abbreviateCount(count)})` };
            })}
            states={languageStates}
            onStateChange={(code, next) =>
              onChange({ ...selection, languages: next ? [...selectedLanguages, code] : selectedLanguages.filter((l) => l !== code) })
            }
          />
        </div>
      ) : null}
      <div>
        <h3>{TAG_FILTER_TEXTS.allTags}</h3>
        <input
          type="search"
          aria-label={TAG_FILTER_TEXTS.filterLabel}
          placeholder={TAG_FILTER_TEXTS.filterPlaceholder}
          value={find}
          onChange={(event) => setFind(event.target.value)}
          autoComplete="off"
        />
      </div>
      {allTags.length > 0 ? (
        <TagChips size="sm" label={TAG_FILTER_TEXTS.allTags} tags={allTags} states={states} allowExclude onStateChange={setTagState} />
      ) : (
        <p className="hint">{TAG_FILTER_TEXTS.noTags}</p>
      )}
    </Panel>
  );
}

/** The panel with its drawer backdrop, as the home page loads it on first open (off the listing's first load). */
export default function TagFilter(props: TagFilterPanelProps) {
  return (
    <>
      <DrawerBackdrop onClick={props.onClose} data-testid="tag-drawer-backdrop" />
      <TagFilterPanel {...props} />
    </>
  );
}
