import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ size: number }>`
  display: inline-block;
  width: ${({ size }) => size}px;
  height: ${({ size }) => size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  padding: 48px 0;
  width: 100%;
`;

export function Spinner({ label = 'Loading', size = 32, center = false }: { label?: string; size?: number; center?: boolean }) {
  const ring = <Ring size={size} role="status" aria-label={label} />;
  return center ? <Center>{ring}</Center> : ring;
}
