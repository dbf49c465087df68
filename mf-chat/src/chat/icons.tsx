import { SvgIcon } from '@fable/shared';

export const BackIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M15 18l-6-6 6-6" />
  </SvgIcon>
);
export const SendIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M22 2L11 13" />
    <path d="M22 2l-7 20-4-9-9-4 20-7z" />
  </SvgIcon>
);
export const StopIcon = () => (
  <SvgIcon aria-hidden>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </SvgIcon>
);
export const MoreIcon = () => (
  <SvgIcon aria-hidden>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </SvgIcon>
);
export const ShareIcon = () => (
  <SvgIcon aria-hidden>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
  </SvgIcon>
);
export const StarIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </SvgIcon>
);
export const SparkIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </SvgIcon>
);
export const ChipIcon = () => (
  <SvgIcon aria-hidden>
    <rect x="5" y="5" width="14" height="14" rx="2" />
    <path d="M9 1v4M15 1v4M9 19v4M15 19v4M1 9h4M1 15h4M19 9h4M19 15h4" />
  </SvgIcon>
);
export const ImageIcon = () => (
  <SvgIcon aria-hidden>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </SvgIcon>
);
export const TranslateIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M3 5h10M8 3v2M5 5c1 4 4 7 7 8M11 5c-1 4-4 7-7 8M13 21l4-9 4 9M14.5 18h5" />
  </SvgIcon>
);
export const MicIcon = () => (
  <SvgIcon aria-hidden>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3M9 21h6" />
  </SvgIcon>
);
