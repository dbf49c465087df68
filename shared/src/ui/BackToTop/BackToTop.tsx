import styled from '@emotion/styled';
import { useEffect, useState } from 'react';

export interface BackToTopProps {
  /** Shown once the page is scrolled further than this (document 1 §9: 1000 px on the listing). */
  threshold?: number;
  /** Accessible name and tooltip. */
  label?: string;
  className?: string;
}

const Fab = styled.button`
  position: fixed;
  right: max(16px, env(safe-area-inset-right));
  bottom: max(20px, env(safe-area-inset-bottom));
  z-index: ${({ theme }) => theme.zIndex.dropdown - 1};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};
  cursor: pointer;
  &:hover {
    filter: brightness(1.1);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  svg {
    width: 20px;
    height: 20px;
  }
`;

function scrolledPast(threshold: number): boolean {
  return typeof window !== 'undefined' && window.scrollY > threshold;
}

/** A floating button that scrolls the page back to the top, shown after scrolling past `threshold`. */
export function BackToTop({ threshold = 1000, label = 'Back to top', className }: BackToTopProps) {
  const [visible, setVisible] = useState(() => scrolledPast(threshold));
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(scrolledPast(threshold)));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);

  if (!visible) return null;
  const toTop = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  };
  return (
    <Fab type="button" aria-label={label} title={label} className={className} onClick={toTop}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </Fab>
  );
}
