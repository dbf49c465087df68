import styled from '@emotion/styled';
import type { CardExportFormat } from '@fable/contracts';
import { apiErrorMessage, Button, useNotify } from '@fable/shared';
import { useCreator_exportCardMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { downloadObjectUrl } from './downloadFile';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  span {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const FORMATS: readonly { format: CardExportFormat; label: string }[] = [
  { format: 'png', label: 'PNG' },
  { format: 'json', label: 'JSON' },
  { format: 'charx', label: 'CHARX' },
];

/** The saved chatbot as a card file other apps read (PNG with V2 and V3 chunks, V3 JSON, CHARX), downloaded. */
export function ExportCard({ characterId }: { characterId: string }) {
  const [exportCard, { isLoading }] = useCreator_exportCardMutation();
  const notify = useNotify();
  const download = async (format: CardExportFormat) => {
    const answer = await exportCard({ characterId, format });
    if ('error' in answer) {
      notify.error(apiErrorMessage(answer.error));
      return;
    }
    downloadObjectUrl(answer.data.url, answer.data.filename);
  };
  return (
    <Row role="group" aria-label={T.exportCard}>
      <span aria-hidden="true">{T.exportCard}</span>
      {FORMATS.map(({ format, label }) => (
        <Button key={format} size="sm" variant="secondary" onClick={() => void download(format)} disabled={isLoading} aria-label={T.exportAs(label)}>
          {label}
        </Button>
      ))}
    </Row>
  );
}
