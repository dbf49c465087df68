import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../Button';
import { lazyPart } from '../lazyPart';
import { Chevron, Root } from './dropdownParts';
import type { OpenAt } from './DropdownMenu';

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

/** The props with their defaults applied, as the loaded menu takes them. */
export type ResolvedDropdownProps = DropdownProps & Required<Pick<DropdownProps, 'align' | 'variant' | 'size' | 'disabled' | 'showChevron'>>;

/** The menu (Radix's DropdownMenu and its positioning, DropdownMenu.tsx), loaded once for the page. */
const menu = lazyPart(() => import('./DropdownMenu'));

/**
 * Loads the menu: on the first open of any dropdown, or ahead of it when a pointer or the focus reaches a trigger. A
 * failed load is tried again by the next.
 */
export const loadDropdownMenu = menu.load;

/** Tests: back to a page where no dropdown has loaded its menu. */
export const forgetDropdownMenu = menu.forget;

const OPENING_KEYS: Record<string, OpenAt> = { Enter: 'selected', ' ': 'selected', ArrowDown: 'selected', ArrowUp: 'last' };

/**
 * A menu button after the WAI-ARIA pattern (DropdownMenu.tsx, on Radix's DropdownMenu): the trigger opens a
 * role="menu" list; Arrow keys (wrapping), Home/End and typing a letter move between items, Enter or Space chooses,
 * Escape closes and goes back to the trigger, Tab or a click outside closes. Items are actions, router links (`to`) or
 * outside links (`href`); with `selectedId` they are a single choice (menuitemradio), as the sort menu needs.
 *
 * Until a dropdown of the page is first opened, the trigger is a plain menu button and the menu is not loaded: the
 * click or key that opens it loads the menu (prefetched when a pointer or the focus reaches the trigger) and the menu
 * opens where that key asked. A dropdown mounted once the menu is loaded is Radix's from the start.
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
  const loaded = menu.useLoaded();
  // A plain trigger stays one until it is opened (swapping it when another load ends would drop its focus).
  const [mountedLoaded] = useState(() => loaded !== null);
  const [openAt, setOpenAt] = useState<OpenAt | null>(null);
  if (loaded && (mountedLoaded || openAt !== null)) {
    const options = { label, items, selectedId, onSelect, 'aria-label': ariaLabel, align, variant, size, disabled, showChevron, className };
    return <loaded.DropdownMenu options={options} openAt={openAt} />;
  }
  const open = (at: OpenAt) => {
    setOpenAt(at);
    void loadDropdownMenu().catch((error: unknown) => {
      setOpenAt(null);
      console.error('[fable] the menu could not be loaded', error);
    });
  };
  const prefetch = () => void loadDropdownMenu().catch(() => undefined);
  return (
    <Root className={className}>
      <Button
        variant={variant}
        size={size}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => open('selected')}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          const at = OPENING_KEYS[event.key];
          if (!at) return;
          event.preventDefault();
          open(at);
        }}
      >
        {label}
        {showChevron ? (
          <Chevron aria-hidden="true" $open={openAt !== null}>
            ▼
          </Chevron>
        ) : null}
      </Button>
    </Root>
  );
}
