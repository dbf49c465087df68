import styled from '@emotion/styled';
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const PAD: Record<ButtonSize, string> = { sm: '6px 12px', md: '10px 18px', lg: '14px 24px' };

const StyledButton = styled.button<{ variant: ButtonVariant; size: ButtonSize; fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: ${({ size }) => PAD[size]};
  width: ${({ fullWidth }) => (fullWidth ? '100%' : 'auto')};
  font: inherit;
  font-weight: 600;
  font-size: ${({ size }) => (size === 'sm' ? '0.85rem' : '0.95rem')};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  cursor: pointer;
  transition: filter 120ms ease, background 120ms ease;
  color: ${({ theme, variant }) =>
    variant === 'primary' ? theme.colors.onPrimary : variant === 'danger' ? theme.colors.onError : theme.colors.text};
  background: ${({ theme, variant }) =>
    variant === 'primary'
      ? theme.colors.primary
      : variant === 'danger'
        ? theme.colors.error
        : variant === 'secondary'
          ? theme.colors.surfaceRaised
          : 'transparent'};
  border-color: ${({ theme, variant }) => (variant === 'secondary' ? theme.colors.border : 'transparent')};
  &:hover:not(:disabled) {
    filter: brightness(1.1);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export function Button({ variant = 'primary', size = 'md', loading = false, fullWidth = false, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <StyledButton
      type={type}
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span aria-hidden="true">…</span> : null}
      {children}
    </StyledButton>
  );
}
