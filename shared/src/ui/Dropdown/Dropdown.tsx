import styled from '@emotion/styled';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../Button';
import { DropdownMenuItem } from './DropdownMenuItem';

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
  display: inline-block;
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  font-size: 0.7em;
  transition: transform 120ms ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

const Menu = styled(RadixMenu.Content)`
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: max(var(--radix-dropdown-menu-trigger-width), 180px);
  max-width: min(320px, calc(100vw - 16px));
  max-height: min(60vh, 420px, var(--radix-dropdown-menu-content-available-height));
  overflow-y: auto;
  padding: 6px;
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

/** The first enabled item, the last, or the chosen one (else the first). */
function initialItem(menu: HTMLElement, at: 'selected' | 'last'): HTMLElement | undefined {
  const enabled = Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([data-disabled])'));
  if (at === 'last') return enabled[enabled.length - 1];
  return enabled.find((item) => item.getAttribute('aria-checked') === 'true') ?? enabled[0];
}

/**
 * A menu button after the WAI-ARIA pattern, on Radix's DropdownMenu: the trigger opens a role="menu" list; Arrow
 * keys (wrapping), Home/End and typing a letter move between items, Enter or Space chooses, Escape closes and goes
 * back to the trigger, Tab or a click outside closes. Items are actions, router links (`to`) or outside links
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
  const [open, setOpen] = useState(false);
  // Radix opens on the first item; this menu opens on the chosen one, or on the last after ArrowUp.
  const openAt = useRef<'selected' | 'last'>('selected');
  // Radix focuses the menu itself on opening (then its first item, from the keyboard); that first focus is passed on.
  const placeFocus = useRef(false);
  const setOpenAndFocus = (next: boolean) => {
    placeFocus.current = next;
    setOpen(next);
  };
  const radio = selectedId !== undefined;
  const entries = items.map((item) => (
    <DropdownMenuItem
      key={item.id}
      item={item}
      radio={radio}
      checked={radio ? item.id === selectedId : undefined}
      onChoose={() => {
        item.onSelect?.();
        onSelect?.(item.id);
      }}
    />
  ));
  return (
    <Root className={className}>
      <RadixMenu.Root open={open} onOpenChange={setOpenAndFocus} modal={false}>
        <RadixMenu.Trigger asChild disabled={disabled}>
          <Button
            variant={variant}
            size={size}
            disabled={disabled}
            aria-label={ariaLabel}
            onKeyDown={(event) => {
              openAt.current = event.key === 'ArrowUp' ? 'last' : 'selected';
              if (event.key === 'ArrowUp') {
                event.preventDefault();
                setOpenAndFocus(true);
              }
            }}
            onPointerDown={() => {
              openAt.current = 'selected';
            }}
          >
            {label}
            {showChevron ? (
              <Chevron aria-hidden="true" $open={open}>
                ▼
              </Chevron>
            ) : null}
          </Button>
        </RadixMenu.Trigger>
        <Menu
          onFocus={(event) => {
            if (!placeFocus.current || event.target !== event.currentTarget) return;
            placeFocus.current = false;
            event.preventDefault(); // not on to Radix's entry focus on the first item
            initialItem(event.currentTarget, openAt.current)?.focus();
          }}
          align={align}
          sideOffset={6}
          loop
          // A dropdown inside a dialog closes alone.
          onEscapeKeyDown={(event) => event.stopPropagation()}
          // Radix keeps Tab inside a menu; this one closes (focus goes back to the trigger).
          onKeyDown={(event) => event.key === 'Tab' && setOpen(false)}
        >
          {radio ? <RadixMenu.RadioGroup value={selectedId}>{entries}</RadixMenu.RadioGroup> : entries}
        </Menu>
      </RadixMenu.Root>
    </Root>
  );
}
