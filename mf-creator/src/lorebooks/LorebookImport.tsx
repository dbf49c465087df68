import type { LorebookCardImport } from '@fable/contracts';
import { apiErrorMessage } from '@fable/shared';
import { ImportButton } from '../chatbotForm/ImportButton';
import { useCreator_importCardMutation } from '../creatorApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

/**
 * Import Lorebook: a `lorebook_v3` or SillyTavern World Info JSON file, read by the API's card import (the same call
 * as the chatbot form's, which tells a lorebook by kind 'lorebook'); nothing is created until the form is. A
 * character card, or a file the API refuses, says why under the button.
 */
export function LorebookImport({ onImported }: { onImported: (imported: LorebookCardImport, file: File) => void }) {
  const [importCard] = useCreator_importCardMutation();
  const read = async (file: File) => {
    const answer = await importCard(file);
    if ('error' in answer) return apiErrorMessage(answer.error);
    if (answer.data.kind !== 'lorebook') return T.importCharacter;
    onImported(answer.data, file);
    return null;
  };
  return <ImportButton label={T.importLorebook} hint={T.importHint} accept=".json,application/json" testId="lorebook-file" onFile={read} />;
}
