import styled from '@emotion/styled';
import { useId, type ReactNode } from 'react';
import type { Persona } from '@fable/contracts';
import { Button, Spinner } from '@fable/shared';
import { PersonaCard } from './PersonaCard';

/** The failure texts are the spec's (document 2 §8). */
export const PERSONA_LIST_TEXTS = {
  loading: 'Loading',
  loadError: 'Unable to get persona.',
  retry: 'Retry',
} as const;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-height: min(55vh, 480px);
  overflow-y: auto;
`;

export interface PersonaListProps {
  /** The personas call: a spinner while it loads, its failure with Retry. */
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  personas: readonly Persona[];
  /** The radio group's name for assistive technology (the modal's title). */
  label: string;
  selected: string | null;
  onSelect: (personaId: string) => void;
  /** What shows when there is no persona to list. */
  empty: ReactNode;
}

/** The personas as one radio group of cards (the persona picker, Change Persona), with loading, failure and empty. */
export function PersonaList({ query, personas, label, selected, onSelect, empty }: PersonaListProps) {
  const groupName = useId();
  if (query.isLoading) return <Spinner label={PERSONA_LIST_TEXTS.loading} center />;
  if (query.isError)
    return (
      <div role="alert">
        <p>{PERSONA_LIST_TEXTS.loadError}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {PERSONA_LIST_TEXTS.retry}
        </Button>
      </div>
    );
  if (personas.length === 0) return <>{empty}</>;
  return (
    <List role="radiogroup" aria-label={label}>
      {personas.map((persona) => (
        <PersonaCard key={persona.id} persona={persona} name={groupName} checked={persona.id === selected} onSelect={() => onSelect(persona.id)} />
      ))}
    </List>
  );
}
