import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DropdownItem } from './Dropdown';

export interface DropdownMenuItemProps {
  item: DropdownItem;
  /** The menu is a single choice: the item is a menuitemradio with a check mark. */
  radio: boolean;
  /** Whether this item is the choice (radio menus only). */
  checked: boolean | undefined;
  itemRef: (el: HTMLElement | null) => void;
  /** The pointer is over the item (not called for a disabled one). */
  onHover: () => void;
  onChoose: () => void;
}

/**
 * One item of a Dropdown's menu, in its role="none" list entry: a router link (`to`), an outside link opening a new
 * tab (`href`), or else a button; a disabled item is always a button.
 */
export function DropdownMenuItem({ item, radio, checked, itemRef, onHover, onChoose }: DropdownMenuItemProps) {
  const common = {
    className: 'item',
    role: radio ? 'menuitemradio' : 'menuitem',
    'aria-checked': checked,
    'aria-disabled': item.disabled || undefined,
    tabIndex: -1,
    ref: itemRef,
    onMouseEnter: () => !item.disabled && onHover(),
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
      <Link {...common} to={item.to} onClick={onChoose}>
        {content}
      </Link>
    );
  } else if (item.href && !item.disabled) {
    element = (
      <a {...common} href={item.href} target="_blank" rel="noopener noreferrer" onClick={onChoose}>
        {content}
      </a>
    );
  } else {
    element = (
      <button {...common} type="button" onClick={onChoose}>
        {content}
      </button>
    );
  }
  return <li role="none">{element}</li>;
}
