import { routes, type MyCharacter, type SubCharacter } from '@fable/contracts';
import styled from '@emotion/styled';
import { memo, useId } from 'react';
import { Avatar, Button, CardLink, VisuallyHidden } from '@fable/shared';
import { CardRoot, SmallButtonLink } from '../myChatbots/cardParts';
import { cardVariantOf } from '../myChatbots/myChatbotsList';
import { editPath } from './groupChatProgress';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';
import { groupStatusLabel } from './myGroupChatsList';

const TONE = { fix_required: 'error', under_review: 'warning', manual_review: 'info' } as const;
/** How many member avatars the stack shows before "+n". */
const STACKED = 5;

const Stack = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  ul {
    display: flex;
    margin: 0;
    padding: 0 0 0 8px;
    list-style: none;
  }
  li {
    display: flex;
    margin-left: -8px;
    border-radius: 50%;
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.surface};
  }
  .more {
    align-items: center;
    justify-content: center;
    width: 32px;
    height: 32px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.75rem;
    font-weight: 700;
  }
  .count {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
`;

const chatPath = (id: string) => routes.chat({ characterId: id });

/** The members' avatars, overlapping, the first five and "+n"; their names for assistive technology. */
function MemberStack({ members }: { members: readonly SubCharacter[] }) {
  const shown = members.slice(0, STACKED);
  const more = members.length - shown.length;
  return (
    <Stack>
      {members.length > 0 ? (
        <ul aria-label={`Members: ${members.map((m) => m.name).join(', ')}`}>
          {shown.map((member) => (
            <li key={member.id}>
              <Avatar src={member.avatar_url ?? null} name={member.name} size="sm" alt={member.name} />
            </li>
          ))}
          {more > 0 ? (
            <li className="more" aria-hidden="true">
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}
      <span className="count">{T.memberCount(members.length)}</span>
    </Stack>
  );
}

export interface GroupChatCardProps {
  group: MyCharacter;
  onDelete: (group: MyCharacter) => void;
}

/**
 * One of my group chats (document 2 §2, §4): avatar, name, title, the members' avatars stacked, its status (manual
 * review, moderation status of its worst member, or visibility), and Chat, Edit and Delete. The name's link covers the
 * card: the chat, or the edit form when a member needs fixes. Under manual review it is greyed and opens nothing; it can
 * still be deleted.
 */
export const GroupChatCard = memo(function GroupChatCard({ group, onDelete }: GroupChatCardProps) {
  const nameId = useId();
  const { label, moderation } = groupStatusLabel(group);
  const locked = moderation === 'manual_review';
  const opens = moderation === 'fix_required' ? editPath(group.id) : chatPath(group.id);
  return (
    <CardRoot aria-labelledby={nameId} data-testid="groupchat-card" data-variant={cardVariantOf(group.visibility)} data-disabled={locked || undefined}>
      <div className="head">
        <span className="avatar" aria-hidden="true">
          <Avatar src={group.avatar_url} name={group.name} size="lg" shape="rounded" />
        </span>
        <div className="names">
          <h3 id={nameId}>
            {locked ? (
              group.name
            ) : (
              <CardLink to={opens} focusInside>
                {group.name}
              </CardLink>
            )}
          </h3>
          {group.title ? <p className="title">{group.title}</p> : null}
        </div>
      </div>
      <MemberStack members={group.sub_characters ?? []} />
      <ul className="badges" aria-label="Status">
        <li data-tone={moderation ? TONE[moderation] : undefined}>{label}</li>
      </ul>
      <div className="actions">
        {locked ? null : (
          <>
            <SmallButtonLink to={chatPath(group.id)} variant="secondary">
              {T.chat}
              <VisuallyHidden> {group.name}</VisuallyHidden>
            </SmallButtonLink>
            <SmallButtonLink to={editPath(group.id)} variant="secondary">
              {T.edit}
              <VisuallyHidden> {group.name}</VisuallyHidden>
            </SmallButtonLink>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={() => onDelete(group)}>
          {T.deleteShort}
          <VisuallyHidden> {group.name}</VisuallyHidden>
        </Button>
      </div>
    </CardRoot>
  );
});
