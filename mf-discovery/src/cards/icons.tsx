/** Small line icons of the cards; decorative, hidden from assistive technology. */
import { SvgIcon } from '@fable/shared';

export function MessageIcon() {
  return (
    <SvgIcon size={14}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </SvgIcon>
  );
}

export function ThumbIcon() {
  return (
    <SvgIcon size={14}>
      <path d="M7 11v9H4v-9h3Zm0 0 4-8a2 2 0 0 1 3 2l-1 4h6a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7" />
    </SvgIcon>
  );
}

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <SvgIcon size={16}>
      <path
        d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9Z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </SvgIcon>
  );
}

export function MoreIcon() {
  return (
    <SvgIcon size={18}>
      <circle cx="5" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="19" cy="12" r="1.2" fill="currentColor" />
    </SvgIcon>
  );
}
