import styled from '@emotion/styled';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { Button } from '../Button';
import type { ResolvedDropdownProps } from './Dropdown';
import { DropdownMenuItem } from './DropdownMenuItem';
import { Chevron, Root } from './dropdownParts';

/**
 * The Dropdown's menu on Radix's DropdownMenu, loaded on the first open of any dropdown (Dropdown.tsx): Radix's menu
 * and its positioning are not on any page's first screen.
 */

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

/** Where the menu opens: on the chosen item (else the first), or on the last (ArrowUp on the trigger). */
export type OpenAt = 'selected' | 'last';

/** The first enabled item, the last, or the chosen one (else the first). */
function initialItem(menu: HTMLElement, at: OpenAt): HTMLElement | undefined {
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
export function DropdownMenu({ options, openAt: openedAt }: { options: ResolvedDropdownProps; openAt: OpenAt | null }) {
  const { label, items, selectedId, onSelect, 'aria-label': ariaLabel, align, variant, size, disabled, showChevron, className } = options;
  // Opened by the interaction that loaded this menu (openAt), or closed.
  const [open, setOpen] = useState(openedAt !== null);
  // Radix opens on the first item; this menu opens on the chosen one, or on the last after ArrowUp.
  const openAt = useRef<OpenAt>(openedAt ?? 'selected');
  // Radix focuses the menu itself on opening (then its first item, from the keyboard); that first focus is passed on.
  const placeFocus = useRef(openedAt !== null);
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
