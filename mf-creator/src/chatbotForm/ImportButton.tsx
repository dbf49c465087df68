import styled from '@emotion/styled';
import { useId, useRef, useState } from 'react';
import { Button } from '@fable/shared';

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

export interface ImportButtonProps {
  label: string;
  hint: string;
  /** The file input's accept list. */
  accept: string;
  /** The hidden file input's test id (tests and e2e give it the file). */
  testId: string;
  busy?: boolean;
  /** Reads the chosen file; resolves what to say under the button when it could not be used, or null. */
  onFile: (file: File) => Promise<string | null>;
}

/**
 * A button that picks a file for an import (a character card, a lorebook) and says under it why a file could not be
 * used. The file goes to `onFile`; nothing else is done here.
 */
export function ImportButton({ label, hint, accept, testId, busy = false, onFile }: ImportButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReading(true);
    const refusal = await onFile(file).finally(() => setReading(false));
    if (input.current) input.current.value = '';
    setError(refusal);
  };
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid={testId}
        onChange={(event) => void read(event.currentTarget.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={reading || busy} aria-describedby={hintId}>
        {label}
      </Button>
      <p className="import-hint" id={hintId}>
        {hint}
      </p>
      {error ? (
        <p className="import-error" role="alert">
          {error}
        </p>
      ) : null}
    </Box>
  );
}
