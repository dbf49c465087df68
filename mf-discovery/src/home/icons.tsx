/** Small line icons of the listing; decorative, so hidden from assistive technology. */
import { SvgIcon } from '@fable/shared';
export function SearchIcon({ size = 18 }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </SvgIcon>
  );
}

export function TagIcon() {
  return (
    <SvgIcon size={18}>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </SvgIcon>
  );
}

export function ChevronDownIcon() {
  return (
    <SvgIcon size={16}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}
