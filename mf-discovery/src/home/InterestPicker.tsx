import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Button } from '@fable/shared';
import { INTERESTS, type Interest } from '../discoverySlice';

/** Texts of the first-time picker (document 1 §2 "Listing (home) screen"), verbatim. */
export const INTEREST_PICKER_TEXTS = {
  title: "I'm interested in...",
  jumpIn: 'Jump In',
  startChatting: 'Start Chatting',
} as const;

const Card = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  padding: 16px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(
    120deg,
    ${({ theme }) => theme.colors.primary}26,
    ${({ theme }) => theme.colors.accent}1a
  );
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  flex: 1 1 260px;
`;

const Choice = styled.button`
  font: inherit;
  font-weight: 600;
  font-size: 0.9rem;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:hover {
    filter: brightness(1.08);
  }
`;

/**
 * The first-time "I'm interested in..." picker: Female, Male, Non-Binary; Jump In, or Start Chatting once
 * one is chosen. Shown inline at the top of the listing (the kit's Modal can host it later).
 */
export function InterestPicker({ onDone }: { onDone: (interests: Interest[]) => void }) {
  const [chosen, setChosen] = useState<Interest[]>([]);
  const titleId = useId();
  const toggle = (interest: Interest) =>
    setChosen((current) => (current.includes(interest) ? current.filter((i) => i !== interest) : [...current, interest]));
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{INTEREST_PICKER_TEXTS.title}</h2>
      <Choices role="group" aria-labelledby={titleId}>
        {INTERESTS.map((interest) => (
          <Choice key={interest.id} type="button" aria-pressed={chosen.includes(interest.id)} onClick={() => toggle(interest.id)}>
            {interest.label}
          </Choice>
        ))}
      </Choices>
      <Button onClick={() => onDone(chosen)}>
        {chosen.length > 0 ? INTEREST_PICKER_TEXTS.startChatting : INTEREST_PICKER_TEXTS.jumpIn}
      </Button>
    </Card>
  );
}
