import type { SVGProps } from 'react';
import { SvgIcon } from '@fable/shared';

// Small inline icons (stroke follows currentColor), so the shell needs no icon font.
const paths: Record<string, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  chats: 'M4 5h16v11H8l-4 4z',
  personas: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  create: 'M12 5v14M5 12h14',
  'my-chatbots': 'M5 7h14v12H5zM9 3v4m6-4v4M9 12h.01M15 12h.01',
  favorites: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  recommendations: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z',
  leaderboard: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM4 5h3v3a3 3 0 0 1-3-3zm16 0h-3v3a3 3 0 0 0 3-3z',
  'blocked-creators': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
  subscribe: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-2.5-12a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
  menu: 'M4 6h16M4 12h16M4 18h16',
  sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2m0 18v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M1 12h2m18 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  chevron: 'M6 9l6 6 6-6',
  collapse: 'M15 6l-6 6 6 6',
  expand: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
};

export const hasIcon = (name: string): boolean => name in paths;

export function Icon({ name, size = 20, ...rest }: { name: string; size?: number } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <SvgIcon size={size} strokeWidth={1.8} {...rest}>
      <path d={paths[name] ?? paths.create} />
    </SvgIcon>
  );
}
