import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DropdownItem } from './Dropdown';

function textOf(item: DropdownItem): string {
  return (item.textValue ?? (typeof item.label === 'string' ? item.label : '')).trim().toLowerCase();
}

interface DropdownMenuOptions {
  items: readonly DropdownItem[];
  selectedId: string | undefined;
  onSelect: ((id: string) => void) | undefined;
}

/**
 * The state and keyboard of a Dropdown's menu: whether it is open, which item is active (focused before the menu is
 * painted), opening on the first, last or selected item, Arrow keys, Home/End and type-to-jump between enabled items,
 * Escape back to the trigger, Tab and a click outside closing, and choosing an item.
 */
export function useDropdownMenu({ items, selectedId, onSelect }: DropdownMenuOptions) {
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

  /** The ref callback of the item at `index`. */
  const itemRef = (index: number) => (el: HTMLElement | null) => {
    itemRefs.current[index] = el;
  };

  return { rootRef, triggerRef, itemRef, open, setActive, openAt, close, choose, onTriggerKeyDown, onMenuKeyDown };
}
