import { useId, type ReactNode } from 'react';
import { NoteRow } from './fieldStyles';

/** A status line under a field when it has no error (a username's availability). */
export interface FieldStatus {
  tone: 'hint' | 'ok';
  text: string;
}

/** What every field shows under its control. */
export interface FieldNoteProps {
  /** The field's error: shown under it (role="alert"), the control marked aria-invalid and described by it. */
  error?: string | null;
  /** A status line when there is no error (role="status"); it wins over the hint. */
  status?: FieldStatus | null;
  /** A hint when there is neither error nor status. */
  hint?: ReactNode;
  /** Shows the character counter "n / limit" (the trimmed length, what is saved); over the limit it turns red. */
  limit?: number;
}

/** The counter beside a field's note: "n / limit". */
export function CharacterCounter({ id, count, limit }: { id?: string; count: number; limit: number }) {
  return (
    <p className="field-counter" id={id} data-over={count > limit} aria-live="polite">
      {count} / {limit}
    </p>
  );
}

/**
 * The ids and the line under a field: its error (or status, or hint) and its counter. `describedBy` is what the
 * control's aria-describedby should be, `invalid` its aria-invalid.
 */
export function useFieldNote({ error, status, hint, limit }: FieldNoteProps, value = '') {
  const base = useId();
  const noteId = `${base}-note`;
  const counterId = `${base}-counter`;
  const note = error ? (
    <p className="field-note" data-tone="error" id={noteId} role="alert">
      {error}
    </p>
  ) : status ? (
    <p className="field-note" data-tone={status.tone} id={noteId} role="status">
      {status.text}
    </p>
  ) : hint ? (
    <p className="field-note" data-tone="hint" id={noteId}>
      {hint}
    </p>
  ) : null;
  const counter = limit === undefined ? null : <CharacterCounter id={counterId} count={value.trim().length} limit={limit} />;
  const describedBy = [note ? noteId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined;
  const row =
    note || counter ? (
      <NoteRow className="field-note-row">
        {note}
        {counter}
      </NoteRow>
    ) : null;
  return { id: base, row, describedBy, invalid: error ? true : undefined };
}
