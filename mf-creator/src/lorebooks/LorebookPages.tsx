import styled from '@emotion/styled';
import { useState } from 'react';
import type { LorebookCardImport } from '@fable/contracts';
import { apiErrorOf, Button, ButtonLink, EmptyState, NotFoundPage, Spinner, useParams } from '@fable/shared';
import { CreateLorebookForm } from './CreateLorebookForm';
import { EditLorebookForm } from './EditLorebookForm';
import { ExportLorebook } from './ExportLorebook';
import { LorebookFormPage } from './lorebookFormParts';
import { useLorebookGuide } from './LorebookGuide';
import { LorebookImport } from './LorebookImport';
import { importedBook, type ImportedBook } from './lorebookImport';
import { useLorebook_getQuery } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import { useIsMine } from './useIsMine';
import { LorebookTestView } from './testView/LorebookTestView';

const Report = styled.div`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    font-weight: 600;
  }
  ul {
    margin: 6px 0 0;
    padding-left: 20px;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

/** What an import brought and what needs the member: the API's warnings, entries left out or to fix. */
function ImportReport({ imported, filename, warnings }: { imported: ImportedBook; filename: string; warnings: readonly string[] }) {
  const lines = [
    ...warnings,
    ...(imported.leftOut > 0 ? [T.importLeftOut(imported.leftOut)] : []),
    ...(imported.toFit > 0 ? [T.importToFit(imported.toFit)] : []),
    T.importClean,
  ];
  return (
    <Report role="status">
      <p>{T.importedFrom(filename, imported.entries.length)}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Report>
  );
}

/** /lorebook/create: the one-time guide, Import Lorebook, and the create form (prefilled by an import). */
export function CreateLorebookPage() {
  const { guide, reopen } = useLorebookGuide();
  const [imported, setImported] = useState<{ result: ImportedBook; filename: string; warnings: string[]; count: number } | null>(null);
  const onImported = (answer: LorebookCardImport, file: File) =>
    setImported((last) => ({ result: importedBook(answer.lorebook), filename: file.name, warnings: answer.warnings, count: (last?.count ?? 0) + 1 }));
  return (
    <LorebookFormPage>
      <div className="page-head">
        <h1>{T.createTitle}</h1>
        <Button variant="ghost" size="sm" onClick={reopen}>
          {T.guide.reopen}
        </Button>
      </div>
      <LorebookImport onImported={onImported} />
      {imported ? <ImportReport imported={imported.result} filename={imported.filename} warnings={imported.warnings} /> : null}
      <CreateLorebookForm key={imported ? `import-${imported.count}` : 'new'} imported={imported?.result ?? null} />
      {guide}
    </LorebookFormPage>
  );
}

/**
 * /lorebook/edit/{id}: the edit form for its creator; anyone else is told they may not (as the Chatbot Editor does); a
 * lorebook that does not exist is the 404 page.
 */
export function EditLorebookPage() {
  const { id = '' } = useParams();
  const lorebook = useLorebook_getQuery(id, { skip: !id });
  const mine = useIsMine(id);
  if (lorebook.isLoading || (lorebook.data && mine === null)) return <Spinner label={T.loading} center />;
  if (!lorebook.data) {
    const info = apiErrorOf(lorebook.error);
    if (info.status === 404 || !id) return <NotFoundPage />;
    return (
      <LorebookFormPage>
        <EmptyState headingLevel={1} title={info.message ?? T.failedTitle} action={{ label: T.tryAgain, onClick: () => void lorebook.refetch() }} />
      </LorebookFormPage>
    );
  }
  if (!mine) {
    return (
      <LorebookFormPage>
        <EmptyState headingLevel={1} title={T.notAllowed} />
      </LorebookFormPage>
    );
  }
  return (
    <LorebookFormPage>
      <div className="page-head">
        <h1>{T.editTitle}</h1>
        <ButtonLink to={`/lorebook/${encodeURIComponent(id)}`} variant="secondary">
          {T.view}
        </ButtonLink>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <ExportLorebook lorebookId={id} />
        <LorebookTestView lorebookId={id} entries={lorebook.data.entries} />
      </div>
      <EditLorebookForm key={id} saved={lorebook.data} />
    </LorebookFormPage>
  );
}
