import styled from '@emotion/styled';

/** The frame of a page read top to bottom (a chatbot profile, the leaderboard): a column, at most 960 px wide. */
export const NarrowPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  width: min(100%, 960px);
  margin: 0 auto;
  padding: 8px 0 64px;
`;
