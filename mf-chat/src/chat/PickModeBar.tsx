import styled from '@emotion/styled';
import { Button } from '@fable/shared';
import { CHAT_TEXTS } from './chatTexts';
import type { PickModeState } from './usePickMode';

const ModeBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

/** In place of the input while picking a message (usePickMode): what to pick, Cancel, and Remove or Clone. */
export function PickModeBar({ pick }: { pick: PickModeState }) {
  const { mode, picked } = pick;
  return (
    <ModeBar role="region" aria-label={mode === 'remove' ? CHAT_TEXTS.removeMessages : CHAT_TEXTS.cloneConversation}>
      <span>{mode === 'remove' ? CHAT_TEXTS.removalHint : CHAT_TEXTS.cloneHint}</span>
      <span style={{ display: 'inline-flex', gap: 8 }}>
        <Button size="sm" variant="secondary" onClick={pick.cancel}>
          {CHAT_TEXTS.cancel}
        </Button>
        {mode === 'remove' ? (
          <Button size="sm" variant="danger" disabled={!picked} loading={pick.removing} onClick={() => void pick.confirmRemoval()}>
            {CHAT_TEXTS.remove}
          </Button>
        ) : (
          <Button size="sm" disabled={!picked} loading={pick.cloning} onClick={pick.clonePicked}>
            {CHAT_TEXTS.clone}
          </Button>
        )}
      </span>
    </ModeBar>
  );
}
