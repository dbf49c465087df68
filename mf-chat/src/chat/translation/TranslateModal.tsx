import styled from '@emotion/styled';
import { apiErrorMessage, Button, Modal } from '@fable/shared';
import type { ChatTranslation } from './useChatTranslation';
import { TRANSLATION_TEXTS } from './translationTexts';

const Track = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: 12px 0 6px;
`;
const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 300ms ease;
`;

/**
 * The Translate modal (document 1 §2 "progress percent, may take up to 60 seconds, needed once per bot"; §4
 * "Translation: idle, translating with progress, done, error").
 */
export function TranslateModal(props: { open: boolean; onClose: () => void; name: string; translation: ChatTranslation }) {
  const { translation: t, name } = props;
  const failed = t.status === 'failed' || Boolean(t.startError);
  const running = t.status === 'translating' || t.starting;
  const footer =
    t.status === 'done' ? (
      <Button onClick={props.onClose}>{TRANSLATION_TEXTS.startChatting}</Button>
    ) : (
      <>
        <Button variant="secondary" onClick={props.onClose}>
          {TRANSLATION_TEXTS.close}
        </Button>
        {!running && <Button onClick={() => void t.start()}>{failed ? TRANSLATION_TEXTS.retry : TRANSLATION_TEXTS.translate}</Button>}
      </>
    );
  return (
    <Modal open={props.open} onClose={props.onClose} title={TRANSLATION_TEXTS.title(name)} size="sm" footer={footer}>
      {t.status === 'done' ? (
        <p role="status" style={{ margin: 0 }}>
          {TRANSLATION_TEXTS.done(name, t.language)}
        </p>
      ) : (
        <>
          <p style={{ margin: 0 }}>{TRANSLATION_TEXTS.intro(name, t.language)}</p>
          <p style={{ margin: '8px 0 0', opacity: 0.8 }}>{TRANSLATION_TEXTS.once}</p>
          {running && (
            <>
              <Track role="progressbar" aria-label={TRANSLATION_TEXTS.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={t.progress}>
                <Bar style={{ width: `${Math.max(3, t.progress)}%` }} />
              </Track>
              <p role="status" style={{ margin: 0 }}>
                {TRANSLATION_TEXTS.translating} {t.progress}%
              </p>
            </>
          )}
          {failed && !running && (
            <p role="alert" style={{ margin: '12px 0 0' }}>
              {t.startError ? apiErrorMessage(t.startError, TRANSLATION_TEXTS.failed) : TRANSLATION_TEXTS.failed}
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
