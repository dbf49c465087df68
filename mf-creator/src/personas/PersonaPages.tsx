import styled from '@emotion/styled';
import { useState } from 'react';
import { EmptyState, Link, selectUser, Spinner, useAppSelector, useNavigate, useSearchParams } from '@fable/shared';
import { LorebookFormPage } from '../lorebooks/lorebookFormParts';
import { LimitReachedModal } from './LimitReachedModal';
import { PersonaForm } from './PersonaForm';
import { personaLimitOf } from './personaList';
import { useCreator_personasQuery } from './personasApi';
import { PERSONA_TEXTS as T } from './personaTexts';
import { emptyPersona, valuesOfPersona } from './personaValues';
import { PERSONAS_PATH } from './usePersonaSave';

/** The query parameter that names the persona to edit: /personas/edit?id={personaId} (document 2 §2). */
export const PERSONA_ID_PARAM = 'id';

/** The creator forms' page (one column, as the chatbot form), with the way back and the lead. */
const Page = styled(LorebookFormPage)`
  .back {
    align-self: flex-start;
    font-size: 0.9rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  h1 {
    line-height: 1.2;
  }
  .lead {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.45;
  }
`;

function Heading({ title }: { title: string }) {
  return (
    <>
      <Link className="back" to={PERSONAS_PATH}>
        ← {T.back}
      </Link>
      <h1>{title}</h1>
      <p className="lead">{T.formLead}</p>
    </>
  );
}

/**
 * /personas/create: the persona form. A member already at the tier's count is told so at once (Limit Reached, whose
 * Close goes back to My Personas) rather than after filling the form in.
 */
export function CreatePersonaPage() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const personas = useCreator_personasQuery();
  const [limitClosed, setLimitClosed] = useState(false);
  const tier = user?.tier ?? 'free';
  const limit = personaLimitOf(tier);
  const count = personas.data?.length;
  const atLimit = count !== undefined && count >= limit && !limitClosed;
  if (personas.isLoading) return <Spinner label={T.loading} center />;
  return (
    <Page>
      <Heading title={T.createTitle} />
      <PersonaForm saved={null} initial={emptyPersona(count === 0)} firstPersona={count === 0} />
      <LimitReachedModal
        limit={atLimit ? { n: limit, tier } : null}
        onClose={() => {
          setLimitClosed(true);
          void navigate(PERSONAS_PATH);
        }}
      />
    </Page>
  );
}

/**
 * /personas/edit?id={personaId}: the persona form with the saved persona. Without an id: "No persona selected."; an
 * id that is not one of the member's personas: "No persona found."; the list failing: "Unable to get persona." with
 * Try Again (document 2 §8).
 */
export function EditPersonaPage() {
  const [params] = useSearchParams();
  const personaId = params.get(PERSONA_ID_PARAM) ?? '';
  const personas = useCreator_personasQuery(undefined, { skip: !personaId });
  const back = { label: T.back, to: PERSONAS_PATH };
  if (!personaId) {
    return (
      <Page>
        <EmptyState headingLevel={1} title={T.errors.notSelected} action={back} />
      </Page>
    );
  }
  if (personas.isLoading) return <Spinner label={T.loadingPersona} center />;
  if (personas.isError || !personas.data) {
    return (
      <Page>
        <EmptyState headingLevel={1} title={T.errors.get} description={T.failedHint} action={{ label: T.tryAgain, onClick: () => void personas.refetch() }} />
      </Page>
    );
  }
  const persona = personas.data.find((p) => p.id === personaId);
  if (!persona) {
    return (
      <Page>
        <EmptyState headingLevel={1} title={T.errors.notFound} action={back} />
      </Page>
    );
  }
  return (
    <Page>
      <Heading title={T.editTitle} />
      {/* Keyed by the persona: another persona's edit (or the saved one after a change elsewhere) is a new form. */}
      <PersonaForm key={persona.id} saved={persona} initial={valuesOfPersona(persona)} />
    </Page>
  );
}
