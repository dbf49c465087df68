import styled from '@emotion/styled';

/** A block of the profile page: the hero and each section. */
export const Card = styled.section`
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 12px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.1rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 16px;
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
