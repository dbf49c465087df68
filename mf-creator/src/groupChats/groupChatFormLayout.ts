import styled from '@emotion/styled';
import { FormPage } from '../ui/creatorFormLayout';

/**
 * The page of the group chat form and of the members page: the creator forms' column (ui/creatorFormLayout.tsx), a
 * lead under the title, the members page's search row and its count of chosen chatbots in the actions bar.
 */
export const GroupChatPage = styled(FormPage)`
  .page-head p {
    margin: 6px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .search-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
  }
  .search-row > :first-child {
    flex: 1 1 240px;
  }
  .selected-count {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;
