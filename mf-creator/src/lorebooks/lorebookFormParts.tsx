import styled from '@emotion/styled';
import { LOREBOOK_LIMITS as L } from '@fable/contracts';
import { FormTextAreaField, FormTextField } from '@fable/shared/forms';
import { AvatarField } from '../chatbotForm/AvatarField';
import { TagPicker } from '../chatbotForm/TagPicker';
import { FormPage, FormSection } from '../ui/creatorFormLayout';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import type { LorebookFields as Fields } from './lorebookValues';

/** The page of the lorebook forms (create, edit): the creator forms' column, its title row with the page's buttons. */
export const LorebookFormPage = styled(FormPage)`
  padding-bottom: 24px;
  .page-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
  }
`;

/**
 * The lorebook's own fields (document 2 §5): avatar (required; generated or uploaded as a chatbot's), name (3..25),
 * description (3..100) and tags (at least 2, from the application's options), bound to the form around them.
 */
export function LorebookFields({ disabled = false }: { disabled?: boolean }) {
  return (
    <>
      <FormSection aria-labelledby="lorebook-section-about">
        <h2 id="lorebook-section-about">Lorebook</h2>
        <AvatarField disabled={disabled} markNsfw={false} subject="the lorebook" />
        <FormTextField<Fields> name="name" label={T.name} limit={L.nameMax} autoComplete="off" />
        <FormTextAreaField<Fields> name="description" label={T.description} limit={L.descriptionMax} rows={3} />
      </FormSection>
      <FormSection aria-labelledby="lorebook-section-tags">
        <h2 id="lorebook-section-tags">{T.tags}</h2>
        <TagPicker disabled={disabled} hint={T.tagsHint} suggest={false} />
      </FormSection>
    </>
  );
}
