import styled from '@emotion/styled';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabLook, tabRowLook } from './tabLook';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** The panel of this tab. Without it the Tabs' children are the panel of the selected tab. */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selection (e.g. from the route); with onSelect. */
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  /** automatic: arrows select too; manual: arrows move focus, Enter or Space selects. */
  activation?: 'automatic' | 'manual';
  /** Panel content when the items carry none (route outlets). */
  children?: ReactNode;
  className?: string;
}

const List = styled.div`
  ${({ theme }) => tabRowLook(theme)}
`;

const Tab = styled.button`
  flex: none;
  border: none;
  background: transparent;
  font: inherit;
  cursor: pointer;
  ${({ theme }) => tabLook(theme)}
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

const Panel = styled.div`
  padding-top: 16px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 4px;
  }
`;

/**
 * Tabs after the WAI-ARIA pattern: role tablist/tab/tabpanel, one tab in the Tab order (the selected
 * one), arrows Left/Right (wrapping) and Home/End to move, disabled tabs skipped. Controlled with
 * selectedId + onSelect, or uncontrolled from defaultSelectedId (else the first enabled tab).
 */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelect, activation = 'automatic', children, className }: TabsProps) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const enabled = items.filter((t) => !t.disabled);
  const wanted = selectedId ?? ownSelected;
  const current = items.find((t) => t.id === wanted && !t.disabled) ?? enabled[0];

  // Element ids from positions: item ids may hold spaces, which id references cannot.
  const position = (id: string) => items.findIndex((t) => t.id === id);
  const tabId = (id: string) => `${baseId}-tab-${position(id)}`;
  const panelId = (id: string) => `${baseId}-panel-${position(id)}`;

  const select = (id: string) => {
    if (selectedId === undefined) setOwnSelected(id);
    if (id !== current?.id) onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focusedId = enabled.find((t) => tabRefs.current.get(t.id) === document.activeElement)?.id ?? current?.id;
    const index = enabled.findIndex((t) => t.id === focusedId);
    if (index < 0) return;
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    tabRefs.current.get(next.id)?.focus();
    if (activation === 'automatic') select(next.id);
  };

  const panel = current ? (current.panel ?? children) : null;

  return (
    <div className={className}>
      <List role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {items.map((t) => {
          const selected = t.id === current?.id;
          return (
            <Tab
              key={t.id}
              ref={(el) => {
                if (el) tabRefs.current.set(t.id, el);
                else tabRefs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={tabId(t.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId(t.id) : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              onClick={() => select(t.id)}
            >
              {t.label}
            </Tab>
          );
        })}
      </List>
      {current ? (
        <Panel role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} tabIndex={0}>
          {panel}
        </Panel>
      ) : null}
    </div>
  );
}
