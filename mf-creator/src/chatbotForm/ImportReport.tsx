import styled from '@emotion/styled';
import type { CharacterCardImport } from '@fable/contracts';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';

const Report = styled.section`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 6px;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    line-height: 1.5;
  }
  p {
    margin: 0;
  }
`;

const FIELD_NAMES: Record<CharacterCardImport['cut'][number]['field'], string> = {
  name: T.name,
  title: T.title,
  persona: T.personality,
  greeting: T.greeting,
  scenario: T.scenario,
  dialogue: T.dialogue,
  tags: T.tags,
};

/** What the import of a card changed or left out, for the creator to check before saving. */
export function ImportReport({ card, filename }: { card: CharacterCardImport; filename: string }) {
  const lines = [
    ...card.cut.map((cut) => T.importCut(FIELD_NAMES[cut.field], cut.from, cut.to)),
    ...card.dropped.map((dropped) => T.importDropped(dropped.path)),
    ...card.warnings,
  ];
  return (
    <Report aria-labelledby="import-report-title" role="status">
      <h2 id="import-report-title">{T.importedFrom(filename)}</h2>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{T.importClean}</p>
      )}
    </Report>
  );
}
