import styled from '@emotion/styled';
import { useId, useRef, useState } from 'react';
import type { LorebookCardImport } from '@fable/contracts';
import { apiErrorMessage, Button } from '@fable/shared';
import { useCreator_importCardMutation } from '../creatorApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

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
 * Import Lorebook: a `lorebook_v3` or SillyTavern World Info JSON file, read by the API's card import (the same call
 * as the chatbot form's, which tells a lorebook by kind 'lorebook'); nothing is created until the form is. A
 * character card, or a file the API refuses, says why under the button.
 */
export function LorebookImport({ onImported }: { onImported: (imported: LorebookCardImport, file: File) => void }) {
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
    else if (answer.data.kind !== 'lorebook') setError(T.importCharacter);
    else onImported(answer.data, file);
  };
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="lorebook-file"
        onChange={(event) => void read(event.currentTarget.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={isLoading} aria-describedby={hintId}>
        {T.importLorebook}
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
