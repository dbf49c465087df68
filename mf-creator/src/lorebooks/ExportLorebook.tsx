import { apiErrorMessage, Button, useNotify } from '@fable/shared';
import { downloadObjectUrl } from '../chatbotForm/downloadFile';
import { useLorebook_exportMutation } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

/** The saved lorebook as a lorebook_v3 JSON file (entries with their extensions), downloaded. */
export function ExportLorebook({ lorebookId }: { lorebookId: string }) {
  const [exportLorebook, { isLoading }] = useLorebook_exportMutation();
  const notify = useNotify();
  const download = async () => {
    const answer = await exportLorebook(lorebookId);
    if ('error' in answer) {
      notify.error(apiErrorMessage(answer.error));
      return;
    }
    downloadObjectUrl(answer.data.url, answer.data.filename);
  };
  return (
    <div>
      <Button size="sm" variant="secondary" onClick={() => void download()} loading={isLoading}>
        {T.exportJson}
      </Button>
    </div>
  );
}
