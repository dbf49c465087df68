import styled from '@emotion/styled';
import * as RadixSwitch from '@radix-ui/react-switch';
import type { ReactNode } from 'react';

export interface SwitchProps {
  /** Whether it shows on. */
  checked: boolean;
  /**
   * Called with the value the user asks for. The switch is controlled: it moves only when `checked` changes, so the
   * owner may refuse (ask to sign in first, open a settings prompt).
   */
  onChange: (next: boolean) => void;
  /** The visible label (its accessible name), or use `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  /** The label before the track (default) or after it. */
  labelPosition?: 'start' | 'end';
  className?: string;
  'data-testid'?: string;
}

const Root = styled(RadixSwitch.Root)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 4px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  cursor: pointer;
  .switch-track {
    position: relative;
    flex: none;
    width: 40px;
    height: 22px;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    transition: background 120ms ease, border-color 120ms ease;
  }
  .switch-thumb {
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition: transform 120ms ease, background 120ms ease;
  }
  &[aria-checked='true'] .switch-track {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-checked='true'] .switch-thumb {
    transform: translateX(18px);
    background: ${({ theme }) => theme.colors.onPrimary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  @media (prefers-reduced-motion: reduce) {
    .switch-track,
    .switch-thumb {
      transition: none;
    }
  }
`;

/**
 * An on/off switch (role="switch") on Radix's Switch: a button that asks for the other value; Space and Enter press
 * it. The label is inside the button, so it names it.
 */
export function Switch({
  checked,
  onChange,
  label,
  'aria-label': ariaLabel,
  disabled = false,
  labelPosition = 'start',
  className,
  'data-testid': testId,
}: SwitchProps) {
  const text = label ? <span className="switch-label">{label}</span> : null;
  return (
    <Root
      checked={checked}
      onCheckedChange={onChange}
      aria-label={ariaLabel}
      disabled={disabled}
      className={className}
      data-testid={testId}
    >
      {labelPosition === 'start' ? text : null}
      <span className="switch-track" aria-hidden="true">
        <RadixSwitch.Thumb className="switch-thumb" />
      </span>
      {labelPosition === 'end' ? text : null}
    </Root>
  );
}
