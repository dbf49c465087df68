import styled from '@emotion/styled';
import { useId } from 'react';
import { effectiveModerationStatus, GROUP_CHAT_LIMITS as L, MODERATION_LABELS } from '@fable/contracts';
import { Avatar, Button } from '@fable/shared';
import { useController, useFieldNote, useFormContext, useWatch } from '@fable/shared/forms';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';
import type { GroupChatValues, GroupMember } from './groupChatValues';

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  .members-head {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  .members-count {
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    gap: 10px;
    min-width: 0;
    padding: 8px 8px 8px 10px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
  }
  .member-names {
    display: flex;
    flex-direction: column;
    min-width: 0;
    flex: 1;
  }
  .member-name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .member-note {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .member-note[data-tone='error'] {
    color: ${({ theme }) => theme.colors.error};
  }
  .member-remove {
    flex: none;
    width: 32px;
    height: 32px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font: inherit;
    font-size: 1.2rem;
    line-height: 1;
    cursor: pointer;
  }
  .member-remove:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
  .member-remove:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  .members-empty {
    margin: 0;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .members-actions {
    display: flex;
  }
`;

/** The line under a member's name: not public in a public group, or its moderation state. */
function noteOf(member: GroupMember, publicGroup: boolean): { text: string; tone?: 'error' } | null {
  if (publicGroup && member.visibility !== undefined && member.visibility !== 'public') return { text: T.notPublic, tone: 'error' };
  const status = effectiveModerationStatus(member.moderation_status ?? null);
  return status ? { text: MODERATION_LABELS[status] } : null;
}

/**
 * The members group of the group chat form (document 2 §2 "members group, add/remove button leading to the members
 * page"): each member's avatar and name with a remove button, the count of the 10, and the button to the members page.
 */
export function MembersField({ onChooseMembers, disabled = false }: { onChooseMembers: () => void; disabled?: boolean }) {
  const { control, clearErrors } = useFormContext<GroupChatValues>();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control, name: 'members' });
  const members: GroupMember[] = value;
  const publicGroup = useWatch({ control, name: 'visibility' }) === 'public';
  const note = useFieldNote({ error: fieldState.error?.message ?? null });
  const labelId = useId();
  const remove = (id: string) => {
    onChange(members.filter((m) => m.id !== id));
    if (fieldState.error) clearErrors('members');
  };
  return (
    <Group>
      <div className="members-head">
        <span id={labelId}>{T.members}</span>
        <span className="members-count" aria-label={`${members.length} of ${L.maxMembers} chatbots`}>
          {T.membersCount(members.length)}
        </span>
      </div>
      {members.length === 0 ? (
        <p className="members-empty">{T.noMembers}</p>
      ) : (
        <ul aria-labelledby={labelId}>
          {members.map((member) => {
            const line = noteOf(member, publicGroup);
            return (
              <li key={member.id}>
                <Avatar src={member.avatar_url ?? null} name={member.name} size="sm" alt="" />
                <span className="member-names">
                  <span className="member-name">{member.name}</span>
                  {line ? (
                    <span className="member-note" data-tone={line.tone}>
                      {line.text}
                    </span>
                  ) : null}
                </span>
                <button type="button" className="member-remove" aria-label={T.remove(member.name)} title={T.remove(member.name)} onClick={() => remove(member.id)} disabled={disabled}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="members-actions">
        <Button variant="secondary" onClick={onChooseMembers} disabled={disabled} ref={ref} aria-invalid={note.invalid} aria-describedby={note.describedBy}>
          {members.length === 0 ? T.addMembers : T.changeMembers}
        </Button>
      </div>
      {note.row}
    </Group>
  );
}
