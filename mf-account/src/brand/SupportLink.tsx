import type { ReactNode } from 'react';
import { useBrandInfo } from './useBrandInfo';

/** A link to the brand's support, or the same words as plain text when the brand has none. */
export function SupportLink({ children = 'our support team' }: { children?: ReactNode }) {
  const { supportUrl } = useBrandInfo();
  if (!supportUrl) return <>{children}</>;
  const external = /^https?:\/\//.test(supportUrl);
  return (
    <a href={supportUrl} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
