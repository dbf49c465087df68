import styled from '@emotion/styled';
import type { MouseEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { SEARCH_LIMITS } from '@fable/contracts';
import {
  Button,
  ButtonLink,
  CardGrid,
  EmptyState,
  SearchBox,
  Spinner,
  Toolbar,
  selectAuthStatus,
  selectFeatureOn,
  selectUser,
  signInRequested,
  useAppDispatch,
  useAppSelector,
  useLocation,
} from '@fable/shared';
import { CREATOR_CARD_MIN_PX } from '../myChatbots/cardParts';
import { CreatorPage, CreatorPageHeader } from '../myChatbots/pageParts';
import { LimitReachedModal } from './LimitReachedModal';
import { PersonaCard } from './PersonaCard';
import { personaLimitOf, visiblePersonas, type PersonaLimit } from './personaList';
import { PersonasMarketing } from './PersonasMarketing';
import { useCreator_personasQuery } from './personasApi';
import { PERSONA_TEXTS as T } from './personaTexts';
import { usePersonaActions } from './usePersonaActions';

export const CREATE_PERSONA_PATH = '/personas/create';

const Lead = styled.p`
  margin: 4px 0 0;
  max-width: 640px;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.45;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  .allowance {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
`;

const Count = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The member's personas: search, grid (default first), Make Default, Edit, Delete, Create with the tier's limit. */
function PersonaList() {
  const user = useAppSelector(selectUser);
  const personas = useCreator_personasQuery();
  // The search in force: the box commits it once typing stops (debounced), or on Enter.
  const [search, setSearch] = useState('');
  const [limitShown, setLimitShown] = useState<PersonaLimit | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { makeDefault, askDelete, busy, dialogs } = usePersonaActions(() => headingRef.current?.focus());

  const all = personas.data;
  const shown = useMemo(() => (all ? visiblePersonas(all, search) : []), [all, search]);
  const tier = user?.tier ?? 'free';
  const limit = personaLimitOf(tier);
  const atLimit = (all?.length ?? 0) >= limit;

  // At the limit, Create opens Limit Reached instead of a form that could not be saved (document 2 §8).
  const onCreate = (event: MouseEvent) => {
    if (!atLimit) return;
    event.preventDefault();
    setLimitShown({ n: limit, tier });
  };
  const createButton = (
    <ButtonLink to={CREATE_PERSONA_PATH} onClick={onCreate} aria-haspopup={atLimit ? 'dialog' : undefined}>
      {T.createPersona}
    </ButtonLink>
  );

  let body;
  if (personas.isLoading) body = <Spinner label={T.loading} center />;
  else if (personas.isError || !all) {
    body = <EmptyState title={T.failedTitle} description={T.failedHint} action={{ label: T.tryAgain, onClick: () => void personas.refetch() }} />;
  } else if (all.length === 0) {
    body = <EmptyState title={T.emptyTitle} description={T.emptyHint} action={{ label: T.createPersona, to: CREATE_PERSONA_PATH }} />;
  } else {
    body = (
      <>
        <Toolbar
          search={
            <SearchBox value={search} onCommit={setSearch} debounceMs={SEARCH_LIMITS.searchDebounceMs} label={T.searchLabel} placeholder={T.searchPlaceholder} />
          }
        />
        <Count role="status">{T.count(shown.length, all.length)}</Count>
        {shown.length === 0 ? (
          <EmptyState title={T.noResults} description={T.noResultsHint} />
        ) : (
          <CardGrid minColumnPx={CREATOR_CARD_MIN_PX} aria-label={T.listLabel} aria-busy={personas.isFetching || undefined}>
            {shown.map((persona) => (
              <li key={persona.id}>
                <PersonaCard persona={persona} busy={busy.has(persona.id)} onMakeDefault={makeDefault} onDelete={askDelete} />
              </li>
            ))}
          </CardGrid>
        )}
      </>
    );
  }

  return (
    <CreatorPage>
      <CreatorPageHeader>
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            {T.heading}
          </h1>
          <Lead>{T.lead}</Lead>
        </div>
        {all && all.length > 0 ? (
          <Actions>
            <span className="allowance">{T.allowance(all.length, limit)}</span>
            {createButton}
          </Actions>
        ) : null}
      </CreatorPageHeader>
      {body}
      {dialogs}
      <LimitReachedModal limit={limitShown} onClose={() => setLimitShown(null)} />
    </CreatorPage>
  );
}

/** Guests where the MY_PERSONAS_V2 flag (persona_v2) is off: no marketing page, a sign-in prompt. */
function SignInToSee() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return (
    <EmptyState title={T.signInTitle} headingLevel={1}>
      <Button onClick={() => dispatch(signInRequested({ returnTo: pathname }))}>{T.signIn}</Button>
    </EmptyState>
  );
}

/**
 * /personas (document 2 §2 "Personas", §4, §8): signed out, the marketing page with Create Free Account (MY_PERSONAS_V2
 * on; off, a sign-in prompt); signed in,
 * My Personas with search and grid, the Default badge, default first, Make Default on the others, Edit, Delete (with
 * a confirm dialog; never the default), Create (Limit Reached at the tier's count).
 */
export function MyPersonasPage() {
  const status = useAppSelector(selectAuthStatus);
  const marketing = useAppSelector((state) => selectFeatureOn(state, 'persona_v2'));
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') return marketing ? <PersonasMarketing /> : <SignInToSee />;
  return <PersonaList />;
}
