import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useId } from 'react';
import { ChevronDownIcon } from '../Icons';

export type ToolbarSelectOption<V extends string> = V | { value: V; label: string };

export interface ToolbarSelectProps<V extends string> {
  label: string;
  value: V;
  /** The choices, in order: values shown as they are, or values with their labels. */
  options: readonly ToolbarSelectOption<V>[];
  /** Called with the chosen option's value (never with anything else). */
  onChange: (value: V) => void;
  /** above: a small label over a box that fills its place; beside: the label on the box's left. */
  labelPosition?: 'above' | 'beside';
  className?: string;
}

/** The label over the box, which fills its place (a toolbar's row of filters). */
const above = (theme: Theme) => css`
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  label {
    font-size: 0.8rem;
    font-weight: 600;
  }
  select {
    width: 100%;
    min-width: 150px;
  }
  @media ${theme.breakpoints.mobile} {
    select {
      min-width: 0;
    }
  }
`;

/** The label on the box's left (a sort among other controls); on phones the pair goes to the row's end. */
const beside = (theme: Theme) => css`
  align-items: center;
  gap: 8px;
  label {
    font-size: 0.9rem;
    white-space: nowrap;
  }
  select {
    min-width: 148px;
    font-size: 0.95rem;
  }
  @media ${theme.breakpoints.mobile} {
    flex: 1;
    justify-content: flex-end;
  }
`;

const Field = styled.div<{ $position: 'above' | 'beside' }>`
  display: flex;
  label {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .box {
    position: relative;
  }
  select {
    appearance: none;
    height: 44px;
    padding: 0 40px 0 16px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  select:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  svg {
    position: absolute;
    right: 14px;
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ${({ theme, $position }) => ($position === 'above' ? above(theme) : beside(theme))}
`;

const valueOf = <V extends string>(option: ToolbarSelectOption<V>): V => (typeof option === 'string' ? option : option.value);
const labelOf = <V extends string>(option: ToolbarSelectOption<V>): string => (typeof option === 'string' ? option : option.label);

/** A labelled pill select with a chevron, for a toolbar's filter or sort. */
export function ToolbarSelect<V extends string>({ label, value, options, onChange, labelPosition = 'above', className }: ToolbarSelectProps<V>) {
  const id = useId();
  return (
    <Field $position={labelPosition} className={className}>
      <label htmlFor={id}>{label}</label>
      <div className="box">
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => valueOf(option) === event.target.value);
            if (chosen !== undefined) onChange(valueOf(chosen));
          }}
        >
          {options.map((option) => (
            <option key={valueOf(option)} value={valueOf(option)}>
              {labelOf(option)}
            </option>
          ))}
        </select>
        <ChevronDownIcon />
      </div>
    </Field>
  );
}
