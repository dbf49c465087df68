import type { ReactNode, SVGProps } from 'react';

export interface SvgIconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
  strokeWidth?: number | string;
  children: ReactNode;
}

/**
 * A line icon on a 24-unit grid that follows the text colour. Decorative: hidden from assistive
 * technology (the control around it carries the name).
 */
export function SvgIcon({ size = 20, strokeWidth = 2, children, ...rest }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
