import styled from '@emotion/styled';

/**
 * The look of every form field (label, control, the line under it, the counter), on the emotion theme so it follows
 * dark and light. The controls are the account forms' (10px 12px, the theme's border and background, the error colour
 * when aria-invalid) with a visible keyboard focus ring.
 */
export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  > label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input,
  textarea,
  select {
    font: inherit;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    width: 100%;
    &[aria-invalid='true'] {
      border-color: ${({ theme }) => theme.colors.error};
    }
    &:focus-visible {
      outline: 2px solid ${({ theme }) => theme.colors.accent};
      outline-offset: 1px;
    }
  }
  textarea {
    resize: vertical;
    min-height: 96px;
    line-height: 1.5;
  }
`;

/**
 * The line under a field (error, status or hint) and the character counter beside it. Its parents style it by its
 * class (`.field-note-row`): emotion's component selectors need a compiler plugin we do not run, and without one a
 * production build silently writes a selector that matches nothing.
 */
export const NoteRow = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  align-items: baseline;
  .field-note,
  .field-counter {
    margin: 0;
    font-size: 0.85rem;
  }
  .field-note[data-tone='hint'],
  .field-counter {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .field-note[data-tone='ok'] {
    color: ${({ theme }) => theme.colors.success};
  }
  .field-note[data-tone='error'],
  .field-counter[data-over='true'] {
    color: ${({ theme }) => theme.colors.error};
  }
  .field-counter {
    flex: none;
    margin-left: auto;
    font-variant-numeric: tabular-nums;
  }
`;

export const CheckBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label {
    display: flex;
    align-items: flex-start;
    gap: 10px;
    cursor: pointer;
    line-height: 1.4;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .field-note-row {
    margin-left: 28px;
  }
`;

export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  .options {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
    gap: 8px;
  }
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    cursor: pointer;
    line-height: 1.35;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  input {
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
  .option-label {
    display: block;
    font-weight: 600;
  }
  .option-hint {
    display: block;
    font-size: 0.82rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .field-note-row {
    margin-top: 6px;
  }
`;
