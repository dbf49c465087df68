import styled from '@emotion/styled';

/** A step's column: intro, fields, the rules box, the actions. */
export const Steps = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  .intro {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .rules {
    margin: 0;
    padding: 12px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    h2,
    h3 {
      margin: 0 0 6px;
      font-size: 0.95rem;
    }
    ul {
      margin: 0;
      padding-left: 20px;
      line-height: 1.6;
    }
  }
  .actions {
    display: flex;
    gap: 8px;
    justify-content: flex-end;
    flex-wrap: wrap;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;
