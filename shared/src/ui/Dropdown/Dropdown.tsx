import styled from '@emotion/styled';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonSize, type ButtonVariant } from '../Button';

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

function textOf(item: DropdownItem): string {
  return (item.textValue ?? (typeof item.label === 'string' ? item.label : '')).trim().toLowerCase();
}

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
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const enabledIndexes = items.flatMap((item, i) => (item.disabled ? [] : [i]));

  // Before the menu is painted: a key pressed as soon as it shows (Escape, an arrow) already reaches it.
  useLayoutEffect(() => {
    if (open && active >= 0) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const openAt = (where: 'first' | 'last' | 'selected') => {
    const selected = items.findIndex((item) => item.id === selectedId && !item.disabled);
    const first = enabledIndexes[0] ?? -1;
    const last = enabledIndexes[enabledIndexes.length - 1] ?? -1;
    setActive(where === 'last' ? last : where === 'selected' && selected >= 0 ? selected : first);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setActive(-1);
    if (returnFocus) triggerRef.current?.focus();
  };

  const choose = (item: DropdownItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    onSelect?.(item.id);
    close(true);
  };

  const move = (step: 1 | -1) => {
    if (enabledIndexes.length === 0) return;
    const at = enabledIndexes.indexOf(active);
    const next = at < 0 ? (step === 1 ? 0 : enabledIndexes.length - 1) : (at + step + enabledIndexes.length) % enabledIndexes.length;
    setActive(enabledIndexes[next] ?? -1);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'selected');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      move(key === 'ArrowDown' ? 1 : -1);
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault();
      setActive((key === 'Home' ? enabledIndexes[0] : enabledIndexes[enabledIndexes.length - 1]) ?? -1);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // a dropdown inside a dialog closes alone
      close(true);
    } else if (key === 'Tab') {
      close(false);
    } else if (key === ' ' || key === 'Enter') {
      // Buttons choose on their own click; links only follow Enter, so Space clicks them here.
      const el = itemRefs.current[active];
      if (key === ' ' && el instanceof HTMLAnchorElement) {
        event.preventDefault();
        el.click();
      }
    } else if (key.length === 1 && /\S/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const char = key.toLowerCase();
      const order = [...enabledIndexes.filter((i) => i > active), ...enabledIndexes.filter((i) => i <= active)];
      const match = order.find((i) => {
        const item = items[i];
        return item !== undefined && textOf(item).startsWith(char);
      });
      if (match !== undefined) setActive(match);
    }
  };

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
          {items.map((item, i) => {
            const checked = radio ? item.id === selectedId : undefined;
            const common = {
              className: 'item',
              role: radio ? 'menuitemradio' : 'menuitem',
              'aria-checked': checked,
              'aria-disabled': item.disabled || undefined,
              tabIndex: -1,
              ref: (el: HTMLElement | null) => {
                itemRefs.current[i] = el;
              },
              onMouseEnter: () => !item.disabled && setActive(i),
            };
            const content = (
              <>
                {radio ? (
                  <span className="check" aria-hidden="true">
                    {checked ? '✓' : ''}
                  </span>
                ) : null}
                <span>{item.label}</span>
                {item.badge ? <span className="badge">{item.badge}</span> : null}
              </>
            );
            let element: ReactNode;
            if (item.to && !item.disabled) {
              element = (
                <Link {...common} to={item.to} onClick={() => choose(item)}>
                  {content}
                </Link>
              );
            } else if (item.href && !item.disabled) {
              element = (
                <a {...common} href={item.href} target="_blank" rel="noopener noreferrer" onClick={() => choose(item)}>
                  {content}
                </a>
              );
            } else {
              element = (
                <button {...common} type="button" onClick={() => choose(item)}>
                  {content}
                </button>
              );
            }
            return (
              <li key={item.id} role="none">
                {element}
              </li>
            );
          })}
        </Menu>
      ) : null}
    </Root>
  );
}
