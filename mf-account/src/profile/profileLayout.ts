import styled from '@emotion/styled';

/** The profile page's column. */
export const Page = styled.div`
  width: min(100%, 760px);
  margin: 0 auto;
  padding: 24px 16px 48px;
  display: flex;
  flex-direction: column;
  gap: 20px;
  @media (max-width: 600px) {
    padding: 12px 12px 32px;
    gap: 16px;
  }
`;

export const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.7rem;
    line-height: 1.2;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/** One card of the page (Profile, Content, Advanced, Current plan, Account). */
export const Section = styled.section`
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  @media (max-width: 600px) {
    padding: 16px;
  }
`;

/** A small note in a section; `info` on a tinted background. */
export const Note = styled.p<{ $tone?: 'muted' | 'info' }>`
  margin: 0;
  font-size: 0.85rem;
  padding: ${({ $tone }) => ($tone === 'info' ? '8px 12px' : '0')};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.infoSoft : 'transparent')};
  color: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.text : theme.colors.textMuted)};
`;

/** A line with its text at the start and its buttons at the end. */
export const SpreadRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  strong {
    font-size: 1.05rem;
  }
`;
