import styled from '@emotion/styled';

/** The actions row of a settings modal: the first (Reset to defaults) on the left, Cancel and Save on the right. */
export const SettingsFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  width: 100%;
  justify-content: flex-end;
  & > :first-of-type {
    margin-right: auto;
  }
`;
