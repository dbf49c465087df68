/** Decorative icons of the app pages (the text beside them says what they are). */
import { SvgIcon } from '@fable/shared';
export function PhoneIcon({ size = 28 }: { size?: number }) {
  return (
    <SvgIcon size={size} strokeWidth={1.8}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </SvgIcon>
  );
}

export function TabletIcon({ size = 28 }: { size?: number }) {
  return (
    <SvgIcon size={size} strokeWidth={1.8}>
      <rect x="4" y="2.5" width="16" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </SvgIcon>
  );
}

export function BrowserIcon({ size = 28 }: { size?: number }) {
  return (
    <SvgIcon size={size} strokeWidth={1.8}>
      <rect x="2.5" y="4" width="19" height="16" rx="2.5" />
      <path d="M2.5 8.5h19M6 6.3h.01M8.5 6.3h.01" />
    </SvgIcon>
  );
}

export function DownloadIcon({ size = 20 }: { size?: number }) {
  return (
    <SvgIcon size={size} strokeWidth={1.8}>
      <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
    </SvgIcon>
  );
}
