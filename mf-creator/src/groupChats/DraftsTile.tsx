import styled from '@emotion/styled';
import { useId } from 'react';
import { CardLink, CardSurface } from '@fable/shared';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';

const Tile = styled(CardSurface)`
  justify-content: center;
  gap: 6px;
  padding: 18px;
  border-style: dashed;
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
      <h3 id={nameId}>
        <CardLink to="/my-chatbots/drafts">{T.draftsTile}</CardLink>
      </h3>
      <p>{T.draftsTileText(count)}</p>
    </Tile>
  );
}
