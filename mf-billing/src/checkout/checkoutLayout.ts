import styled from '@emotion/styled';

/** The checkout's page layout: the form and, beside it (above it on a narrow screen), the order summary. */
export const CheckoutLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(280px, 360px);
  gap: 24px;
  align-items: start;
  & > section:last-of-type {
    position: sticky;
    top: 16px;
  }
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
    & > section:last-of-type {
      position: static;
      order: -1;
    }
  }
`;

export const FormColumn = styled.div`
  min-width: 0;
  form {
    display: flex;
    flex-direction: column;
    gap: 16px;
  }
`;

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  fieldset {
    margin: 0;
  }
  .pair {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 14px;
    @media (max-width: 520px) {
      grid-template-columns: 1fr;
    }
  }
  .text-states {
    margin: 0;
    padding-left: 18px;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
  > button {
    align-self: flex-start;
  }
`;

export const DetailsSummary = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

export const Notes = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The subscribe or provider error, in red (document 2 §8). */
export const SubmitError = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.errorSoft};
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;
