import styled from '@emotion/styled';

/**
 * The page of the group chat form and of the members page: one column (as the chatbot form), the form's parts in
 * bordered sections, and the actions in a bar that stays at the bottom of the window while the form scrolls.
 */
export const GroupChatPage = styled.div`
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  .page-head h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.7rem;
  }
  .page-head p {
    margin: 6px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > form,
  .page-body {
    display: flex;
    flex-direction: column;
    gap: 16px;
  }
  .search-row {
    display: flex;
  }
  fieldset.groupchat-fields {
    display: contents;
  }
  section {
    display: flex;
    flex-direction: column;
    gap: 14px;
    min-width: 0;
    padding: 20px;
    border-radius: ${({ theme }) => theme.radius.lg};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  section > h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  .page-actions {
    position: sticky;
    bottom: 0;
    z-index: 2;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
    padding: 12px 0;
    background: ${({ theme }) => theme.colors.background};
  }
  .page-actions .selected-count {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .page-actions .push {
    margin-left: auto;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    .page-head h1 {
      font-size: 1.35rem;
    }
    section {
      padding: 16px 12px;
    }
  }
`;
