import styled from '@emotion/styled';
import { CHARACTER_LIMITS as L, type CharacterTokenCount, type SuggestFieldName } from '@fable/contracts';
import { FormTextAreaField } from '@fable/shared/forms';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { ChatbotFormPart, useChatbotFormVariant, useModelHelp } from './chatbotFormVariant';
import type { ChatbotValues } from './chatbotValues';
import { SuggestButton } from './SuggestButton';
import { TokenCounter } from './TokenCounter';

/** A field with its Suggest button on the label's line. */
const Suggestible = styled.div`
  position: relative;
  > button:last-child {
    position: absolute;
    top: -6px;
    right: 0;
  }
`;

interface DefinitionSectionProps {
  /** A chatbot under review: Suggest is off. */
  locked: boolean;
  /** The saved chatbot's id (Suggest asks about it), undefined while creating. */
  characterId: string | undefined;
  onCount: (count: CharacterTokenCount | null) => void;
}

/** One definition field, with Suggest on its label's line where the model's help is offered (the v2 form). */
function DefinitionField({ field, label, limit, rows, hint, locked, characterId }: { field: SuggestFieldName; label: string; limit: number; rows: number; hint?: string; locked: boolean; characterId: string | undefined }) {
  const help = useModelHelp();
  const input = <FormTextAreaField<ChatbotValues> name={field} label={label} limit={limit} rows={rows} hint={hint} />;
  if (!help) return input;
  return (
    <Suggestible>
      {input}
      <SuggestButton field={field} label={label} locked={locked} characterId={characterId} />
    </Suggestible>
  );
}

/**
 * The chatbot's definition: greeting, personality, scenario and example dialogues (each with Suggest in the v2 form),
 * and the token counter (counted by the API: not for a guest).
 */
export function DefinitionSection({ locked, characterId, onCount }: DefinitionSectionProps) {
  const { guest } = useChatbotFormVariant();
  const common = { locked, characterId };
  return (
    <ChatbotFormPart id="chatbot-section-definition" heading={T.definitionHeading}>
      <DefinitionField field="greeting" label={T.greeting} limit={L.greetingMax} rows={4} {...common} />
      <DefinitionField field="persona" label={T.personality} limit={L.personalityMax} rows={6} {...common} />
      <DefinitionField field="scenario" label={T.scenario} limit={L.scenarioMax} rows={4} hint={T.optional} {...common} />
      <DefinitionField field="dialogue" label={T.dialogue} limit={L.dialogueMax} rows={5} hint={T.optional} {...common} />
      {guest ? null : <TokenCounter onCount={onCount} />}
    </ChatbotFormPart>
  );
}
