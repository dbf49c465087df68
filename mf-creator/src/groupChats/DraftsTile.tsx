import styled from '@emotion/styled';
import { useId } from 'react';
import { CardLink, CardSurface } from '@fable/shared';
import { PencilIcon } from '../marketing/icons';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';

const Tile = styled(CardSurface)`
  flex-direction: row;
  align-items: center;
  gap: 14px;
  padding: 18px;
  border-style: dashed;
  .tile-icon {
    display: flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  .tile-text {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The Drafts tile of a My Chatbots section (document 1 §2): the chatbot drafts kept on this device, and how many. */
export function DraftsTile({ count }: { count: number }) {
  const nameId = useId();
  return (
    <Tile aria-labelledby={nameId} data-testid="drafts-tile">
      <span className="tile-icon" aria-hidden="true">
        <PencilIcon />
      </span>
      <span className="tile-text">
        <h3 id={nameId}>
          <CardLink to="/my-chatbots/drafts">{T.draftsTile}</CardLink>
        </h3>
        <p>{T.draftsTileText(count)}</p>
      </span>
    </Tile>
  );
}
