import styled from '@emotion/styled';
import type { LorebookExportFormat } from '@fable/contracts';
import { apiErrorMessage, Button, useNotify } from '@fable/shared';
import { downloadObjectUrl } from '../chatbotForm/downloadFile';
import { useLorebook_exportMutation } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const FORMATS: readonly { format: LorebookExportFormat; label: string }[] = [
  { format: 'lorebook_v3', label: T.exportJson },
  { format: 'world_info', label: T.exportWorldInfo },
];

/**
 * The saved lorebook as a JSON file, downloaded: lorebook_v3 (entries with their extensions) or SillyTavern World
 * Info (what SillyTavern's World Info import accepts; an imported World Info file goes back as it came).
 */
export function ExportLorebook({ lorebookId }: { lorebookId: string }) {
  const [exportLorebook, { isLoading }] = useLorebook_exportMutation();
  const notify = useNotify();
  const download = async (format: LorebookExportFormat) => {
    const answer = await exportLorebook({ lorebookId, format });
    if ('error' in answer) {
      notify.error(apiErrorMessage(answer.error));
      return;
    }
    downloadObjectUrl(answer.data.url, answer.data.filename);
  };
  return (
    <Row role="group" aria-label={T.exportGroup}>
      {FORMATS.map(({ format, label }) => (
        <Button key={format} size="sm" variant="secondary" onClick={() => void download(format)} disabled={isLoading}>
          {label}
        </Button>
      ))}
    </Row>
  );
}
