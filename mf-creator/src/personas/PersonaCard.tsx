import styled from '@emotion/styled';
import type { Persona } from '@fable/contracts';
import { memo, useId } from 'react';
import { Avatar, Button, CardLink, VisuallyHidden } from '@fable/shared';
import { CardRoot, SmallButtonLink } from '../myChatbots/cardParts';
import { PERSONA_TEXTS as T } from './personaTexts';

/** The persona editor's address: the persona id travels as the `id` parameter (document 2 §2 "persona id parameter"). */
export const editPersonaPath = (id: string) => `/personas/edit?id=${encodeURIComponent(id)}`;

/** The creator cards' frame (stripe, head, actions); the default persona's stripe and border are the primary colour. */
const Card = styled(CardRoot)`
  &[data-default='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[data-default='true']::before {
    background: ${({ theme }) => theme.colors.primary};
  }
  .names {
    align-items: flex-start;
  }
  .names h3 {
    max-width: 100%;
  }
  .default {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 0.75rem;
    font-weight: 700;
  }
  .highlights {
    margin: 0;
    font-size: 0.9rem;
    line-height: 1.45;
    color: ${({ theme }) => theme.colors.textMuted};
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
`;

export interface PersonaCardProps {
  persona: Persona;
  /** A Make Default or Delete of this persona is on its way. */
  busy: boolean;
  onMakeDefault: (persona: Persona) => void;
  onDelete: (persona: Persona) => void;
}

/**
 * One persona of My Personas (document 2 §2, §4): avatar, name, the Default badge, highlights; Make Default on the
 * others, Edit, Delete. The name's link (covering the card) opens the editor.
 */
export const PersonaCard = memo(function PersonaCard({ persona, busy, onMakeDefault, onDelete }: PersonaCardProps) {
  const nameId = useId();
  return (
    <Card aria-labelledby={nameId} data-testid="persona-card" data-default={persona.is_default || undefined} aria-busy={busy || undefined}>
      <div className="head">
        {/* Decorative: the name says whose it is. */}
        <span className="avatar" aria-hidden="true">
          <Avatar src={persona.avatar_url} name={persona.name} size="lg" shape="rounded" />
        </span>
        <div className="names">
          <h3 id={nameId}>
            <CardLink to={editPersonaPath(persona.id)} focusInside>
              {persona.name}
            </CardLink>
          </h3>
          {persona.is_default ? <span className="default">{T.defaultBadge}</span> : null}
        </div>
      </div>
      {persona.highlights ? <p className="highlights">{persona.highlights}</p> : null}
      <div className="actions">
        {persona.is_default ? null : (
          <Button size="sm" variant="secondary" onClick={() => onMakeDefault(persona)} disabled={busy}>
            {T.makeDefault}
            <VisuallyHidden> {persona.name}</VisuallyHidden>
          </Button>
        )}
        <SmallButtonLink to={editPersonaPath(persona.id)} variant="secondary">
          {T.edit}
          <VisuallyHidden> {persona.name}</VisuallyHidden>
        </SmallButtonLink>
        <Button size="sm" variant="ghost" onClick={() => onDelete(persona)} disabled={busy}>
          {T.delete}
          <VisuallyHidden> {persona.name}</VisuallyHidden>
        </Button>
      </div>
    </Card>
  );
});
