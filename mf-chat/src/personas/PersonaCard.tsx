import styled from '@emotion/styled';
import type { Persona } from '@fable/contracts';
import { Avatar } from '@fable/shared';

export const PERSONA_CARD_TEXTS = { default: 'Default' } as const;

const Card = styled.label<{ $checked: boolean }>`
  display: grid;
  grid-template-columns: auto auto 1fr;
  gap: 10px;
  align-items: start;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: pointer;
  input {
    margin-top: 6px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  strong {
    display: flex;
    gap: 6px;
    align-items: center;
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;

const Badge = styled.em`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.72rem;
  font-style: normal;
  font-weight: 600;
`;

/** One persona as a radio choice: avatar, name, highlights, Default badge. */
export function PersonaCard({ persona, checked, name, onSelect }: { persona: Persona; checked: boolean; name: string; onSelect: () => void }) {
  return (
    <Card $checked={checked}>
      <input type="radio" name={name} value={persona.id} checked={checked} onChange={onSelect} />
      <Avatar src={persona.avatar_url} name={persona.name} size="md" />
      <Text>
        <strong>
          {persona.name}
          {persona.is_default ? <Badge>{PERSONA_CARD_TEXTS.default}</Badge> : null}
        </strong>
        <span>{persona.highlights}</span>
      </Text>
    </Card>
  );
}
