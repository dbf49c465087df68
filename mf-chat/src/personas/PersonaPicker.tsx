import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { useMemo, useState } from 'react';
import { Button, Link, Modal, textInputCss, useDebounce } from '@fable/shared';
import { PersonaList } from './PersonaList';
import { orderPersonas, searchPersonas, useChat_personasQuery } from './personasApi';
import { usePersonaPickerDontShow } from './useShouldPickPersona';

/** Texts of the persona picker (document 1 §2, verbatim where the spec quotes them). */
export const PERSONA_PICKER_TEXTS = {
  title: (bot: string) => `Who is going to chat with ${bot}`,
  search: 'Search personas',
  managePersonas: 'Manage Personas',
  dontShowAgain: "Don't show this again",
  chatWith: (bot: string) => `Chat with ${bot}`,
  noMatch: 'No persona matches your search.',
} as const;

/** The personas page (mf-creator), reached by URL only. */
export const PERSONAS_PATH = routes.personas();
/** Local search debounce (document 1 §5, §9: 300 ms). */
export const PERSONA_SEARCH_DEBOUNCE_MS = 300;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-bottom: 12px;
  input[type='search'] {
    flex: 1 1 200px;
    min-width: 0;
    ${({ theme }) => textInputCss(theme)}
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    cursor: pointer;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface PersonaPickerProps {
  botName: string;
  open: boolean;
  onChoose: (personaId: string) => void;
  onClose: () => void;
}

/**
 * "Who is going to chat with {bot}" (document 1 §2): search, Manage Personas link, persona cards (default first,
 * preselected), "Don't show this again" (kept on the device), and the Chat with {bot} button.
 */
export function PersonaPicker({ botName, open, onChoose, onClose }: PersonaPickerProps) {
  const personas = useChat_personasQuery(undefined, { skip: !open });
  const [savedDontShow, setSavedDontShow] = usePersonaPickerDontShow();
  // Kept on the device when the user chats (ticking it does not close a picker its opener shows by that flag).
  const [dontShow, setDontShow] = useState(savedDontShow);
  const [query, setQuery] = useState('');
  const debounced = useDebounce(query, PERSONA_SEARCH_DEBOUNCE_MS);
  const ordered = useMemo(() => orderPersonas(personas.data ?? []), [personas.data]);
  const shown = useMemo(() => searchPersonas(ordered, debounced), [ordered, debounced]);
  // Until the user picks one, the first persona (the default) is selected.
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? ordered[0]?.id ?? null;

  const choose = () => {
    if (selected === null) return;
    if (dontShow !== savedDontShow) setSavedDontShow(dontShow);
    onChoose(selected);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={PERSONA_PICKER_TEXTS.title(botName)}
      footer={
        <Footer>
          <label>
            <input type="checkbox" checked={dontShow} onChange={(event) => setDontShow(event.target.checked)} />
            {PERSONA_PICKER_TEXTS.dontShowAgain}
          </label>
          <Button disabled={selected === null} onClick={choose}>
            {PERSONA_PICKER_TEXTS.chatWith(botName)}
          </Button>
        </Footer>
      }
    >
      <Top>
        <input
          type="search"
          aria-label={PERSONA_PICKER_TEXTS.search}
          placeholder={PERSONA_PICKER_TEXTS.search}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Link to={PERSONAS_PATH}>{PERSONA_PICKER_TEXTS.managePersonas}</Link>
      </Top>
      <PersonaList
        query={personas}
        personas={shown}
        label={PERSONA_PICKER_TEXTS.title(botName)}
        selected={selected}
        onSelect={setPicked}
        empty={<p>{PERSONA_PICKER_TEXTS.noMatch}</p>}
      />
    </Modal>
  );
}

export default PersonaPicker;
