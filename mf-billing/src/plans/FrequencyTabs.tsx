import styled from '@emotion/styled';
import { ANNUAL_DISCOUNT_TEXT, FREQUENCY_TABS, type BillingFrequency } from './plans';

const Group = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  @media ${({ theme }) => theme.breakpoints.mobile} {
    border-radius: ${({ theme }) => theme.radius.lg};
  }
`;

const notSelected = { shouldForwardProp: (prop: string) => prop !== 'selected' };

const Tab = styled('button', notSelected)<{ selected: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 8px 16px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  font: inherit;
  font-weight: 600;
  font-size: 0.95rem;
  cursor: pointer;
  color: ${({ theme, selected }) => (selected ? theme.colors.onPrimary : theme.colors.text)};
  background: ${({ theme, selected }) => (selected ? theme.colors.primary : 'transparent')};
  transition: background 120ms ease;
  &:hover {
    background: ${({ theme, selected }) => (selected ? theme.colors.primary : theme.colors.surface)};
  }
`;

const Badge = styled('span', notSelected)<{ selected: boolean }>`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
  border: 1px solid ${({ theme, selected }) => (selected ? 'transparent' : theme.colors.success)};
  color: ${({ theme, selected }) => (selected ? theme.colors.primary : theme.colors.success)};
  background: ${({ theme, selected }) => (selected ? theme.colors.onPrimary : 'transparent')};
`;

/**
 * The Pay Annually / Pay Monthly switch (document 2 §2); annual carries the discount text: the purchase options'
 * annual_tagline, the spec's '2 months free / 16% Off' until they are loaded or when they have none.
 */
export function FrequencyTabs({
  value,
  onChange,
  tagline,
}: {
  value: BillingFrequency;
  onChange: (frequency: BillingFrequency) => void;
  tagline?: string | null;
}) {
  return (
    <Group role="group" aria-label="Billing frequency">
      {FREQUENCY_TABS.map(({ frequency, label }) => {
        const selected = frequency === value;
        return (
          <Tab key={frequency} type="button" selected={selected} aria-pressed={selected} onClick={() => onChange(frequency)}>
            {label}
            {frequency === 'annual' ? <Badge selected={selected}>{tagline || ANNUAL_DISCOUNT_TEXT}</Badge> : null}
          </Tab>
        );
      })}
    </Group>
  );
}
