/** Line icons of My Chatbots' toolbar; decorative, so hidden from assistive technology. */
import { SvgIcon } from '@fable/shared';

export function SearchIcon() {
  return (
    <SvgIcon size={18}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
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
