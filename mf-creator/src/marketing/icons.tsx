/** Line icons of the creator pages; decorative, so hidden from assistive technology. */
import { SvgIcon } from '@fable/shared';
export function GlobeIcon() {
  return (
    <SvgIcon size={20}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </SvgIcon>
  );
}

export function LockIcon() {
  return (
    <SvgIcon size={20}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </SvgIcon>
  );
}

export function GiftIcon() {
  return (
    <SvgIcon size={20}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M5 12v9h14v-9M12 8H8.5a2.5 2.5 0 1 1 0-5C11 3 12 8 12 8Zm0 0h3.5a2.5 2.5 0 1 0 0-5C13 3 12 8 12 8Z" />
    </SvgIcon>
  );
}

export function StackIcon() {
  return (
    <SvgIcon size={20}>
      <path d="m12 3 9 5-9 5-9-5 9-5Z" />
      <path d="m3 13 9 5 9-5" />
    </SvgIcon>
  );
}

export function PencilIcon() {
  return (
    <SvgIcon size={20}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </SvgIcon>
  );
}

export function EyeIcon() {
  return (
    <SvgIcon size={20}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </SvgIcon>
  );
}
