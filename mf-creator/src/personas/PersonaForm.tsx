import styled from '@emotion/styled';
import { useRef } from 'react';
import { PERSONA_LIMITS as L, type Persona, type PersonaInput } from '@fable/contracts';
import { Button, ButtonLink, selectFeatureOn, useAppSelector } from '@fable/shared';
import { Form, FormCheckboxField, FormTextAreaField, FormTextField, UnsavedChangesDialog, useUnsavedChangesGuard, useZodForm } from '@fable/shared/forms';
import { AvatarField } from '../chatbotForm/AvatarField';
// The creator forms' one layout (the chatbot form's, as the lorebook forms keep it).
import { FormActions as Actions, FormSection as Section } from '../ui/creatorFormLayout';
import { LimitReachedModal } from './LimitReachedModal';
import { personaSchemaFor } from './personaSchemas';
import { PERSONA_TEXTS as T } from './personaTexts';
import { PERSONAS_PATH, useLeaveAfterSave, usePersonaSave } from './usePersonaSave';
import type { PersonaValues } from './personaValues';

/** Disables every field at once while saving, without a box of its own. */
const Fields = styled.fieldset`
  display: contents;
`;

export interface PersonaFormProps {
  /** The persona being edited; null creates one. */
  saved: Persona | null;
  initial: PersonaValues;
  /** The member has no persona yet: this one will be the default whatever the box says (the API's rule). */
  firstPersona?: boolean;
}

/**
 * The persona form, v2 variant (CREATE_PERSONA_V2_WEB; README.md says why): avatar (uploaded through the creator
 * studio's upload, or generated), name (3-20, counter), highlights (3-1000, counter), the default box; the rules and
 * messages are the API's own schema (PersonaInputSchema: "This field is required", "At least 3 characters
 * required", "Avatar is required"); with the persona_v2 flag off, the v1 messages ("Name can't be empty", …).
 * Save is off until something changes; leaving with changes asks first.
 */
export function PersonaForm({ saved, initial, firstPersona = false }: PersonaFormProps) {
  const v2 = useAppSelector((state) => selectFeatureOn(state, 'persona_v2'));
  const form = useZodForm(personaSchemaFor(v2), { defaultValues: initial });
  const formRef = useRef<HTMLFormElement>(null);
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const leaving = useLeaveAfterSave();
  const { save, saving, limit, closeLimit, backToList } = usePersonaSave(saved, (field, error) => form.setError(field, error));

  const onSubmit = async (values: PersonaInput) => {
    const wasLeaving = leaving.take();
    if (!(await save(values))) {
      if (wasLeaving) guard.reset();
      return;
    }
    guard.allowLeaving();
    if (wasLeaving) guard.proceed();
    else backToList();
  };

  const defaultFixed = firstPersona || saved?.is_default === true;
  return (
    <Form
      ref={formRef}
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => {
        if (leaving.take()) guard.reset();
      }}
      aria-label={saved ? T.editTitle : T.createTitle}
    >
      <Section>
        <Fields disabled={saving}>
          <AvatarField markNsfw={false} subject={T.avatarSubject} disabled={saving} />
          <FormTextField<PersonaValues> name="name" label={T.name} limit={L.nameMax} autoComplete="off" />
          <FormTextAreaField<PersonaValues>
            name="highlights"
            label={T.highlights}
            limit={L.highlightsMax}
            rows={5}
            hint={T.highlightsHint}
            placeholder={T.highlightsPlaceholder}
          />
          <FormCheckboxField<PersonaValues>
            name="is_default"
            label={T.isDefault}
            hint={firstPersona ? T.firstIsDefault : saved?.is_default ? T.alreadyDefault : T.isDefaultHint}
            disabled={defaultFixed}
          />
        </Fields>
      </Section>
      <Actions>
        <ButtonLink to={PERSONAS_PATH} variant="secondary">
          {T.cancel}
        </ButtonLink>
        <Button type="submit" loading={saving} disabled={!isDirty}>
          {saved ? T.save : T.create}
        </Button>
      </Actions>
      <LimitReachedModal limit={limit} onClose={closeLimit} />
      <UnsavedChangesDialog
        open={guard.blocked}
        saving={saving}
        onUpdate={() => {
          leaving.start();
          formRef.current?.requestSubmit();
        }}
        onDiscard={guard.proceed}
        onStay={guard.reset}
        texts={T.unsaved}
      />
    </Form>
  );
}
