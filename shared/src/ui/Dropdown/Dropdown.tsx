import styled from '@emotion/styled';
import { useId, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../Button';
import { DropdownMenuItem } from './DropdownMenuItem';
import { useDropdownMenu } from './useDropdownMenu';

export interface DropdownItem {
  id: string;
  label: ReactNode;
  /** Called when the item is chosen (besides the Dropdown's onSelect). */
  onSelect?: () => void;
  /** An in-app route: the item is a router link. */
  to?: string;
  /** An outside address: the item is a link opening a new tab. */
  href?: string;
  disabled?: boolean;
  /** Shown after the label ("New"). */
  badge?: ReactNode;
  /** Text for type-to-jump when the label is not a string. */
  textValue?: string;
}

export interface DropdownProps {
  /** Content of the trigger button. */
  label: ReactNode;
  items: readonly DropdownItem[];
  /** Makes the items a single choice (the sort menu): that item is checked. */
  selectedId?: string;
  onSelect?: (id: string) => void;
  /** Accessible name of the trigger, when its content is not text. */
  'aria-label'?: string;
  align?: 'start' | 'end';
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  /** The ▼ after the label; off for an icon-only trigger (a card's "more actions" button). */
  showChevron?: boolean;
  className?: string;
}

const Root = styled.div`
  position: relative;
  display: inline-block;
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  font-size: 0.7em;
  transition: transform 120ms ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

const Menu = styled.ul<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + 6px);
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: max(100%, 180px);
  max-width: min(320px, calc(100vw - 16px));
  max-height: min(60vh, 420px);
  overflow-y: auto;
  margin: 0;
  padding: 6px;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  .item {
    display: flex;
    align-items: center;
    gap: 8px;
    width: 100%;
    padding: 9px 10px;
    border: none;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }
  .item:hover,
  .item:focus {
    outline: none;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .item:focus-visible {
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.accent};
  }
  .item[aria-disabled='true'] {
    opacity: 0.45;
    cursor: not-allowed;
  }
  .item[aria-checked='true'] {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
  .check {
    width: 1em;
    flex: none;
  }
  .badge {
    margin-left: auto;
    padding: 1px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
    font-size: 0.7rem;
    font-weight: 700;
  }
`;

/**
 * A menu button after the WAI-ARIA pattern: the trigger opens a role="menu" list; Arrow keys, Home/End
 * and typing a letter move between items, Enter or Space chooses, Escape closes and goes back to the
 * trigger, Tab or a click outside closes. Items are actions, router links (`to`) or outside links
 * (`href`); with `selectedId` they are a single choice (menuitemradio), as the sort menu needs.
 */
export function Dropdown({
  label,
  items,
  selectedId,
  onSelect,
  'aria-label': ariaLabel,
  align = 'start',
  variant = 'secondary',
  size = 'md',
  disabled = false,
  showChevron = true,
  className,
}: DropdownProps) {
  const baseId = useId();
  const menuId = `${baseId}-menu`;
  const triggerId = `${baseId}-trigger`;
  const { rootRef, triggerRef, itemRef, open, setActive, openAt, close, choose, onTriggerKeyDown, onMenuKeyDown } = useDropdownMenu({
    items,
    selectedId,
    onSelect,
  });

  const radio = selectedId !== undefined;

  return (
    <Root ref={rootRef} className={className}>
      <Button
        ref={triggerRef}
        id={triggerId}
        variant={variant}
        size={size}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? close(false) : openAt('selected'))}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        {showChevron ? (
          <Chevron aria-hidden="true" $open={open}>
            ▼
          </Chevron>
        ) : null}
      </Button>
      {open ? (
        <Menu id={menuId} role="menu" aria-labelledby={triggerId} $align={align} onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            <DropdownMenuItem
              key={item.id}
              item={item}
              radio={radio}
              checked={radio ? item.id === selectedId : undefined}
              itemRef={itemRef(i)}
              onHover={() => setActive(i)}
              onChoose={() => choose(item)}
            />
          ))}
        </Menu>
      ) : null}
    </Root>
  );
}
