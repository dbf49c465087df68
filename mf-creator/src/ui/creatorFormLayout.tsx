import styled from '@emotion/styled';

/**
 * The layout the creator forms share (the chatbot form, the lorebook forms, the group chat form and its members
 * page): one centred column, the form's parts in bordered sections, and the actions in a bar that stays at the bottom
 * of the window while the form scrolls. A form adds what is its own with `styled(FormPage)` and the like.
 */

/** The page: one column of at most 760 px, its h1 smaller on phones. */
export const FormPage = styled.div`
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.7rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    h1 {
      font-size: 1.35rem;
    }
  }
`;

/** The column of sections (and the actions bar); a `fieldset.form-fields` around some of them adds no box of its own. */
export const FormSections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  fieldset.form-fields {
    display: contents;
  }
`;

/** One part of the form: a bordered box with its h2 and an optional `.section-hint` under it. */
export const FormSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: 14px;
  min-width: 0;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  .section-hint {
    margin: -8px 0 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 16px 12px;
  }
`;

/** The actions, at the end of the row (a `.push` item and those after it go right, the ones before it left). */
export const FormActions = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 10px;
  padding: 12px 0;
  background: ${({ theme }) => theme.colors.background};
  .push {
    margin-left: auto;
  }
`;
