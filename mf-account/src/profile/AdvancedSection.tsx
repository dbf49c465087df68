import styled from '@emotion/styled';
import { OPENAI_MODES, type OpenAiMode } from '@fable/contracts';
import { Button } from '@fable/shared';
import { FormRadioGroupField, FormTextField } from '@fable/shared/forms';
import type { ProfileValues } from './profileForm';
import { Note, Section } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

const KeyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
`;

const MODE_OPTIONS = OPENAI_MODES.map((mode) => ({ value: mode, label: T.openaiModes[mode].label, hint: T.openaiModes[mode].hint }));

/**
 * The Advanced section: the OpenAI key (the saved one is never shown, only its last characters; it can be replaced or
 * removed) and the OpenAI mode.
 */
export function AdvancedSection({ keyTail, removeKey, onToggleRemoveKey }: { keyTail: string | null; removeKey: boolean; onToggleRemoveKey: () => void }) {
  return (
    <Section aria-labelledby="advanced-section">
      <h2 id="advanced-section">{T.advancedSection}</h2>
      <FormTextField<ProfileValues>
        name="openaiKey"
        label={T.openaiKeyLabel}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={keyTail && !removeKey ? `••••••••${keyTail}` : 'sk-…'}
        hint={T.openaiKeyHint}
      />
      {keyTail ? (
        <KeyRow>
          <Note data-testid="saved-key">{removeKey ? T.openaiKeyWillBeRemoved : T.openaiKeySaved(keyTail)}</Note>
          <Button size="sm" variant="secondary" onClick={onToggleRemoveKey}>
            {removeKey ? T.openaiKeyKeep : T.openaiKeyRemove}
          </Button>
        </KeyRow>
      ) : null}
      <FormRadioGroupField<OpenAiMode, ProfileValues> name="openaiMode" legend={T.openaiModeLabel} options={MODE_OPTIONS} />
    </Section>
  );
}
