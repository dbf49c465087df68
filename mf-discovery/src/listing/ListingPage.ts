import styled from '@emotion/styled';

/** The frame of a listing page (home, creator, favourites, recommendations): a column, at most 1440 px wide. */
export const ListingPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding-bottom: 48px;
`;
