import styled from '@emotion/styled';
import { LOREBOOK_LIMITS as L } from '@fable/contracts';
import { FormTextAreaField, FormTextField } from '@fable/shared/forms';
import { AvatarField } from '../chatbotForm/AvatarField';
import { TagPicker } from '../chatbotForm/TagPicker';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import type { LorebookFields as Fields } from './lorebookValues';

/** The page of the lorebook forms (create, edit): one column, as the chatbot form. */
export const LorebookFormPage = styled.div`
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding-bottom: 24px;
  .page-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
  }
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

export const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  fieldset.lorebook-fields {
    display: contents;
  }
`;

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  .section-hint {
    margin: -8px 0 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: 600px) {
    padding: 16px 12px;
  }
`;

export const Actions = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 2;
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 10px;
  padding: 12px 0;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * The lorebook's own fields (document 2 §5): avatar (required; generated or uploaded as a chatbot's), name (3..25),
 * description (3..100) and tags (at least 2, from the application's options), bound to the form around them.
 */
export function LorebookFields({ disabled = false }: { disabled?: boolean }) {
  return (
    <>
      <Section aria-labelledby="lorebook-section-about">
        <h2 id="lorebook-section-about">Lorebook</h2>
        <AvatarField disabled={disabled} markNsfw={false} subject="the lorebook" />
        <FormTextField<Fields> name="name" label={T.name} limit={L.nameMax} autoComplete="off" />
        <FormTextAreaField<Fields> name="description" label={T.description} limit={L.descriptionMax} rows={3} />
      </Section>
      <Section aria-labelledby="lorebook-section-tags">
        <h2 id="lorebook-section-tags">{T.tags}</h2>
        <TagPicker disabled={disabled} hint={T.tagsHint} suggest={false} />
      </Section>
    </>
  );
}
