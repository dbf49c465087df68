import styled from '@emotion/styled';

/** The frame of the creator's own pages (My Chatbots, Your Drafts). */
export const CreatorPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
  padding-bottom: 48px;
`;

export const CreatorPageHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.6rem;
    line-height: 1.2;
  }
  h1:focus {
    outline: none;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    h1 {
      font-size: 1.3rem;
    }
  }
`;
