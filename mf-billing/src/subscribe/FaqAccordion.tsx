import styled from '@emotion/styled';
import { useId, useState } from 'react';

const List = styled.div`
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  & > div + div {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Trigger = styled.button`
  width: 100%;
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  padding: 14px 16px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
  }
  .sign {
    flex: none;
    font-size: 1.2rem;
    line-height: 1;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Answer = styled.div`
  padding: 0 16px 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
  p {
    margin: 0;
  }
`;

/**
 * The FAQ accordion (document 2 §2), after the WAI-ARIA accordion pattern: each question a button in a heading,
 * aria-expanded and aria-controls on it, its answer a labelled region; Enter and Space toggle (native buttons), Tab
 * moves between questions. Several may be open at once.
 */
export function FaqAccordion({ items }: { items: readonly { question: string; answer: string }[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <List>
      {items.map((item, index) => {
        const expanded = open.has(index);
        const triggerId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <Trigger type="button" id={triggerId} aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(index)}>
                <span>{item.question}</span>
                <span className="sign" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </Trigger>
            </h3>
            <Answer id={panelId} role="region" aria-labelledby={triggerId} hidden={!expanded}>
              <p>{item.answer}</p>
            </Answer>
          </div>
        );
      })}
    </List>
  );
}
