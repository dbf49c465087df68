import styled from '@emotion/styled';
import { Button } from '@fable/shared';
import { PROFILE_TEXTS as T } from './profileTexts';

/** The Update bar; it stays in view (sticky at the bottom) while there is something to update. */
const Bar = styled.div<{ $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'static')};
  bottom: 8px;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
  flex-wrap: wrap;
  padding: ${({ $sticky }) => ($sticky ? '12px 20px' : '0')};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme, $sticky }) => ($sticky ? theme.colors.border : 'transparent')};
  background: ${({ theme, $sticky }) => ($sticky ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ theme, $sticky }) => ($sticky ? theme.shadow : 'none')};
  .form-error {
    flex: 1;
    min-width: 200px;
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
    font-size: 0.9rem;
  }
`;

/** The form's error (document 1 §8 "Profile update failure: error text on the form") and Update, enabled when dirty. */
export function UpdateBar({ dirty, saving, formError }: { dirty: boolean; saving: boolean; formError: string | null }) {
  return (
    <Bar $sticky={dirty}>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={!dirty} loading={saving}>
        {T.update}
      </Button>
    </Bar>
  );
}
