import styled from '@emotion/styled';
import { CHARACTER_VISIBILITY_LABELS, type GroupMemberOption } from '@fable/contracts';
import { Avatar } from '@fable/shared';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';

export const OptionList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  label {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  label:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  label[data-unavailable='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  .option-text {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
    flex: 1;
  }
  .option-name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .option-title,
  .option-note {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .option-title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .option-badges {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 4px;
    flex: none;
    max-width: 40%;
  }
  .option-badges span {
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.72rem;
    font-weight: 700;
    white-space: nowrap;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    label {
      padding: 10px;
      gap: 10px;
    }
    .option-badges {
      flex-direction: column;
      align-items: flex-end;
    }
  }
`;

export interface MemberOptionRowProps {
  option: Pick<GroupMemberOption, 'id' | 'name' | 'title' | 'avatar_url' | 'avatar_is_nsfw' | 'visibility' | 'creator_username' | 'own'>;
  checked: boolean;
  /** Not public while the group is: it cannot be picked (one picked before can still be taken out). */
  unavailable: boolean;
  /** The group has its maximum of members: no other can be added (one picked can still be taken out). */
  full?: boolean;
  onToggle: () => void;
}

/** One chatbot of the members page: a checkbox with its avatar, name, title, whose it is and its visibility. */
export function MemberOptionRow({ option, checked, unavailable, full = false, onToggle }: MemberOptionRowProps) {
  const blocked = (unavailable || full) && !checked;
  return (
    <li>
      <label data-unavailable={blocked || undefined}>
        <input type="checkbox" checked={checked} disabled={blocked} onChange={onToggle} data-testid={`member-option-${option.id}`} />
        <Avatar src={option.avatar_url} name={option.name} size="md" nsfw={option.avatar_is_nsfw} blur alt="" />
        <span className="option-text">
          <span className="option-name">{option.name}</span>
          {option.title ? <span className="option-title">{option.title}</span> : null}
          {blocked && unavailable ? <span className="option-note">{T.privateForPublic}</span> : null}
        </span>
        <span className="option-badges">
          <span>{option.own ? T.yours : T.byCreator(option.creator_username)}</span>
          {option.visibility !== 'public' ? <span>{CHARACTER_VISIBILITY_LABELS[option.visibility]}</span> : null}
        </span>
      </label>
    </li>
  );
}
