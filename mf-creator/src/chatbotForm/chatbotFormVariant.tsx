import styled from '@emotion/styled';
import { createContext, useContext, type ReactNode } from 'react';
import { selectFeatureOn, useAppSelector } from '@fable/shared';
import { FormSection } from '../ui/creatorFormLayout';

/**
 * Which chatbot form is showing (document 1 §2 "Create chatbot: … a V2 form when flag on"; "anonymous variant when
 * flag on"):
 * - `v2` (the application's create_v2 flag): the form in titled sections with the model's help (Suggest beside the
 *   definition fields, Suggest Tags) and Import Character Card; off, the v1 form: the same fields, rules and call in
 *   one plain box, without the model's help and without card import.
 * - `guest` (anonymous_create, signed out): the fields that need no account, kept on the device; nothing is sent to
 *   the API (no avatar, Suggest, token count or lorebooks), and Create asks to sign up.
 */
export interface ChatbotFormVariant {
  v2: boolean;
  guest: boolean;
}

const VariantContext = createContext<ChatbotFormVariant>({ v2: true, guest: false });

export const ChatbotFormVariantProvider = VariantContext.Provider;

export const useChatbotFormVariant = (): ChatbotFormVariant => useContext(VariantContext);

/** Whether the application serves the v2 chatbot form (create_v2). */
export const useCreateV2 = (): boolean => useAppSelector((state) => selectFeatureOn(state, 'create_v2'));

/** Whether the model's help (Suggest, Suggest Tags) is offered: the v2 form of a member. */
export function useModelHelp(): boolean {
  const { v2, guest } = useChatbotFormVariant();
  return v2 && !guest;
}

/** A part of the v1 form that has no label of its own: its name as the fields' labels are shown. */
const V1Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  .part-label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

export interface ChatbotFormPartProps {
  id: string;
  heading: string;
  /** In the v1 form, the heading is kept as a label (a part whose fields have none: the lorebooks' boxes). */
  labelInV1?: boolean;
  children: ReactNode;
}

/** A titled part of the v2 form; in the v1 form, its fields alone (the v1 form is one box: ChatbotForm). */
export function ChatbotFormPart({ id, heading, labelInV1 = false, children }: ChatbotFormPartProps) {
  const { v2 } = useChatbotFormVariant();
  if (!v2) {
    if (!labelInV1) return <>{children}</>;
    return (
      <V1Group role="group" aria-labelledby={id}>
        <span id={id} className="part-label">
          {heading}
        </span>
        {children}
      </V1Group>
    );
  }
  return (
    <FormSection aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </FormSection>
  );
}
