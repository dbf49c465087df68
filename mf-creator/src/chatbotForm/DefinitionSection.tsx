import styled from '@emotion/styled';
import { CHARACTER_LIMITS as L, type CharacterTokenCount } from '@fable/contracts';
import { FormTextAreaField } from '@fable/shared/forms';
import { FormSection } from '../ui/creatorFormLayout';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
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

/** The chatbot's definition: greeting, personality, scenario and example dialogues, each with Suggest, and the token counter. */
export function DefinitionSection({ locked, characterId, onCount }: DefinitionSectionProps) {
  return (
    <FormSection aria-labelledby="chatbot-section-definition">
      <h2 id="chatbot-section-definition">Definition</h2>
      <Suggestible>
        <FormTextAreaField<ChatbotValues> name="greeting" label={T.greeting} limit={L.greetingMax} rows={4} />
        <SuggestButton field="greeting" label={T.greeting} locked={locked} characterId={characterId} />
      </Suggestible>
      <Suggestible>
        <FormTextAreaField<ChatbotValues> name="persona" label={T.personality} limit={L.personalityMax} rows={6} />
        <SuggestButton field="persona" label={T.personality} locked={locked} characterId={characterId} />
      </Suggestible>
      <Suggestible>
        <FormTextAreaField<ChatbotValues> name="scenario" label={T.scenario} limit={L.scenarioMax} rows={4} hint={T.optional} />
        <SuggestButton field="scenario" label={T.scenario} locked={locked} characterId={characterId} />
      </Suggestible>
      <Suggestible>
        <FormTextAreaField<ChatbotValues> name="dialogue" label={T.dialogue} limit={L.dialogueMax} rows={5} hint={T.optional} />
        <SuggestButton field="dialogue" label={T.dialogue} locked={locked} characterId={characterId} />
      </Suggestible>
      <TokenCounter onCount={onCount} />
    </FormSection>
  );
}
