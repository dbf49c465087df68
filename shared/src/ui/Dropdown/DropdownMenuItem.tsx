import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DropdownItem } from './Dropdown';

export interface DropdownMenuItemProps {
  item: DropdownItem;
  /** The menu is a single choice: the item is a menuitemradio with a check mark. */
  radio: boolean;
  /** Whether this item is the choice (radio menus only). */
  checked: boolean | undefined;
  onChoose: () => void;
}

/**
 * One item of a Dropdown's menu, a Radix menu item: a router link (`to`), an outside link opening a new tab
 * (`href`), or else an action; a disabled item is never a link. Radix gives it its role, focus on hover, and
 * Enter and Space (which click a link item, so it is followed).
 */
export function DropdownMenuItem({ item, radio, checked, onChoose }: DropdownMenuItemProps) {
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
  let child: ReactNode = content;
  if (item.to && !item.disabled) child = <Link to={item.to}>{content}</Link>;
  else if (item.href && !item.disabled)
    child = (
      <a href={item.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  const asChild = child !== content;
  const common = { className: 'item', disabled: item.disabled, textValue: item.textValue, onSelect: onChoose, asChild };
  return radio ? (
    <RadixMenu.RadioItem {...common} value={item.id}>
      {child}
    </RadixMenu.RadioItem>
  ) : (
    <RadixMenu.Item {...common}>{child}</RadixMenu.Item>
  );
}
