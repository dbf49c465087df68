import styled from '@emotion/styled';

/** A line over the home listing with its button at the end (the upgrade ad banner, the username prompt). */
export const NoticeBar = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 16px;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  strong,
  h2 {
    margin: 0;
    font-size: inherit;
    font-weight: 600;
  }
  p {
    margin: 0;
  }
  a {
    margin-left: auto;
  }
`;
