import styled from '@emotion/styled';
import * as RadixTabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
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

const List = styled(RadixTabs.List)`
  ${({ theme }) => tabRowLook(theme)}
`;

const Tab = styled(RadixTabs.Trigger)`
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

const Panel = styled(RadixTabs.Content)`
  padding-top: 16px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 4px;
  }
`;

/**
 * Tabs after the WAI-ARIA pattern, on Radix's Tabs: role tablist/tab/tabpanel, one tab in the Tab order (the
 * selected one), arrows Left/Right (wrapping) and Home/End to move, disabled tabs skipped. Controlled with
 * selectedId + onSelect, or uncontrolled from defaultSelectedId (else the first enabled tab).
 */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelect, activation = 'automatic', children, className }: TabsProps) {
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId);

  const wanted = selectedId ?? ownSelected;
  const current = items.find((t) => t.id === wanted && !t.disabled) ?? items.find((t) => !t.disabled);

  // Radix's values (and the element ids it makes of them) are positions: item ids may hold spaces, which id
  // references cannot.
  const valueOf = (id: string) => String(items.findIndex((t) => t.id === id));
  const currentValue = current ? valueOf(current.id) : '';

  const select = (value: string) => {
    const id = items[Number(value)]?.id;
    if (id === undefined) return;
    if (selectedId === undefined) setOwnSelected(id);
    if (id !== current?.id) onSelect?.(id);
  };

  const panel = current ? (current.panel ?? children) : null;

  return (
    <RadixTabs.Root
      className={className}
      value={currentValue}
      onValueChange={select}
      activationMode={activation}
      orientation="horizontal"
    >
      {/* The selected tab is the list's one stop in the Tab order (not the list itself, Radix's default). */}
      <List aria-label={label} tabIndex={-1}>
        {items.map((t) => {
          const selected = t.id === current?.id;
          const value = valueOf(t.id);
          return (
            <Tab
              key={t.id}
              value={value}
              disabled={t.disabled}
              tabIndex={selected ? 0 : -1}
              // Only the selected tab controls a panel in the page (Radix points every tab at its own).
              {...(selected ? {} : { 'aria-controls': undefined })}
            >
              {t.label}
            </Tab>
          );
        })}
      </List>
      {current ? <Panel value={currentValue}>{panel}</Panel> : null}
    </RadixTabs.Root>
  );
}
