import { SvgIcon } from '../SvgIcon';

/** A magnifying glass (search boxes); decorative. */
export function SearchIcon({ size = 18 }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </SvgIcon>
  );
}

/** A downward chevron (select boxes); decorative. */
export function ChevronDownIcon({ size = 16 }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}
