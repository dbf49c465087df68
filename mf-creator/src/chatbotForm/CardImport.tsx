import styled from '@emotion/styled';
import { useId, useRef, useState } from 'react';
import type { CharacterCardImport } from '@fable/contracts';
import { apiErrorMessage, Button } from '@fable/shared';
import { useCreator_importCardMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  .import-hint {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .import-error {
    flex-basis: 100%;
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
`;

/**
 * Import Character Card: a card file from another app (PNG, JSON, CHARX) read by the API, which answers the fields to
 * prefill (nothing is created until the form is saved). A lorebook file or a refused one says why under the button.
 */
export function CardImport({ onImported, busy = false }: { onImported: (card: CharacterCardImport, file: File) => void; busy?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [importCard, { isLoading }] = useCreator_importCardMutation();
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const answer = await importCard(file);
    if (input.current) input.current.value = '';
    if ('error' in answer) setError(apiErrorMessage(answer.error));
    else if (answer.data.kind === 'lorebook') setError(T.importLorebook);
    else onImported(answer.data, file);
  };
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".png,.json,.charx,image/png,application/json"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="card-file"
        onChange={(event) => void read(event.currentTarget.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={isLoading || busy} aria-describedby={hintId}>
        {T.importCard}
      </Button>
      <p className="import-hint" id={hintId}>
        {T.importHint}
      </p>
      {error ? (
        <p className="import-error" role="alert">
          {error}
        </p>
      ) : null}
    </Box>
  );
}
