import styled from '@emotion/styled';

/** The heading block of a listing page (creator, favourites, recommendations). */
export const PageHeader = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.6rem;
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    h1 {
      font-size: 1.3rem;
    }
  }
`;
