/** Line icons of the chatbot profile; decorative (the buttons around them carry the names). */
import { SvgIcon } from '@fable/shared';

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <SvgIcon size={18} fill={filled ? 'currentColor' : 'none'}>
      <path d="M19.5 12.6 12 20l-7.5-7.4A5 5 0 0 1 12 6a5 5 0 0 1 7.5 6.6Z" />
    </SvgIcon>
  );
}

export function ShareIcon() {
  return (
    <SvgIcon size={18}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </SvgIcon>
  );
}

export function ChatIcon() {
  return (
    <SvgIcon size={18}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </SvgIcon>
  );
}

export function EditIcon() {
  return (
    <SvgIcon size={18}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </SvgIcon>
  );
}

export function FlagIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M4 22V4a1 1 0 0 1 1-1h12l-2 4 2 4H5" />
    </SvgIcon>
  );
}

export function BlockIcon() {
  return (
    <SvgIcon size={16}>
      <circle cx="12" cy="12" r="9" />
      <path d="m5.7 5.7 12.6 12.6" />
    </SvgIcon>
  );
}

export function StarIcon() {
  return (
    <SvgIcon size={18}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
    </SvgIcon>
  );
}

export function TagIcon() {
  return (
    <SvgIcon size={16}>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </SvgIcon>
  );
}

export function ThumbUpIcon() {
  return (
    <SvgIcon size={26}>
      <path d="M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3ZM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3" />
    </SvgIcon>
  );
}

export function ThumbDownIcon() {
  return (
    <SvgIcon size={26}>
      <path d="M10 15v4a3 3 0 0 0 3 3l4-9V2H5.72a2 2 0 0 0-2 1.7l-1.38 9a2 2 0 0 0 2 2.3Zm7-13h2.67A2.31 2.31 0 0 1 22 4v7a2.31 2.31 0 0 1-2.33 2H17" />
    </SvgIcon>
  );
}

export function LoveIcon() {
  return (
    <SvgIcon size={26} fill="currentColor">
      <path d="M19.5 12.6 12 20l-7.5-7.4A5 5 0 0 1 12 6a5 5 0 0 1 7.5 6.6Z" />
    </SvgIcon>
  );
}
