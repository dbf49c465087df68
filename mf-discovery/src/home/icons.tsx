/** Small line icons of the listing; decorative, so hidden from assistive technology. */
import { SvgIcon } from '@fable/shared';

// The search glass is the kit's (the search boxes draw it too).
export { SearchIcon } from '@fable/shared';

export function TagIcon() {
  return (
    <SvgIcon size={18}>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </SvgIcon>
  );
}
