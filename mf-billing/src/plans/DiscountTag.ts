import styled from '@emotion/styled';

/** The annual discount text (the purchase options' annual_tagline, or a sale's) as a small green pill on a plan card. */
export const DiscountTag = styled.span`
  align-self: flex-start;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.success};
  color: ${({ theme }) => theme.colors.success};
  font-size: 0.8rem;
  font-weight: 700;
`;
