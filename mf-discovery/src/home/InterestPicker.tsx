import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Button, Modal } from '@fable/shared';
import { INTERESTS, type Interest } from './interests';

/** Texts of the first-time picker (document 1 §2 "Listing (home) screen"), verbatim. */
export const INTEREST_PICKER_TEXTS = {
  title: "I'm interested in...",
  jumpIn: 'Jump In',
  startChatting: 'Start Chatting',
} as const;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  padding: 8px 0;
`;

const Choice = styled.button`
  flex: 1 1 120px;
  font: inherit;
  font-weight: 600;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
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
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

/**
 * The first-time "I'm interested in..." picker (behind the first-time interest modal flag): Female, Male,
 * Non-Binary; Jump In, or Start Chatting once one is chosen. Closing it counts as Jump In.
 */
export function InterestPicker({ onDone }: { onDone: (interests: Interest[]) => void }) {
  const [chosen, setChosen] = useState<Interest[]>([]);
  const groupId = useId();
  const toggle = (interest: Interest) =>
    setChosen((current) => (current.includes(interest) ? current.filter((i) => i !== interest) : [...current, interest]));
  return (
    <Modal
      open
      onClose={() => onDone([])}
      title={<span id={groupId}>{INTEREST_PICKER_TEXTS.title}</span>}
      size="sm"
      closeOnBackdropClick={false}
      footer={
        <Button fullWidth onClick={() => onDone(chosen)}>
          {chosen.length > 0 ? INTEREST_PICKER_TEXTS.startChatting : INTEREST_PICKER_TEXTS.jumpIn}
        </Button>
      }
    >
      <Choices role="group" aria-labelledby={groupId}>
        {INTERESTS.map((interest) => (
          <Choice key={interest} type="button" aria-pressed={chosen.includes(interest)} onClick={() => toggle(interest)}>
            {interest}
          </Choice>
        ))}
      </Choices>
    </Modal>
  );
}
