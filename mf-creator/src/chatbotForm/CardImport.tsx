import type { CharacterCardImport } from '@fable/contracts';
import { apiErrorMessage } from '@fable/shared';
import { useCreator_importCardMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { ImportButton } from './ImportButton';

/**
 * Import Character Card: a card file from another app (PNG, JSON, CHARX) read by the API, which answers the fields to
 * prefill (nothing is created until the form is saved). A lorebook file or a refused one says why under the button.
 */
export function CardImport({ onImported, busy = false }: { onImported: (card: CharacterCardImport, file: File) => void; busy?: boolean }) {
  const [importCard] = useCreator_importCardMutation();
  const read = async (file: File) => {
    const answer = await importCard(file);
    if ('error' in answer) return apiErrorMessage(answer.error);
    if (answer.data.kind === 'lorebook') return T.importLorebook;
    onImported(answer.data, file);
    return null;
  };
  return <ImportButton label={T.importCard} hint={T.importHint} accept=".png,.json,.charx,image/png,application/json" testId="card-file" busy={busy} onFile={read} />;
}
