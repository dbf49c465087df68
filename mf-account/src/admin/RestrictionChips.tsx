import styled from '@emotion/styled';
import type { UserRestrictionKind } from '@fable/contracts';
import { ADMIN_USERS_TEXTS as T } from './adminUsersTexts';

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 6px;
  span {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    font-size: 0.8rem;
    font-weight: 600;
    background: ${({ theme }) => theme.colors.errorSoft};
    color: ${({ theme }) => theme.colors.text};
  }
  span.admin {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

/** A member's active restrictions (and whether they are an admin) as chips. */
export function RestrictionChips({ kinds, admin }: { kinds: readonly UserRestrictionKind[]; admin: boolean }) {
  if (kinds.length === 0 && !admin) return null;
  return (
    <Chips>
      {admin ? <span className="admin">{T.admin}</span> : null}
      {kinds.map((kind) => (
        <span key={kind}>{T.chips[kind]}</span>
      ))}
    </Chips>
  );
}
