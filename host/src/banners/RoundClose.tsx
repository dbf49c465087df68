import styled from '@emotion/styled';

/** The banners' round × button: 32 px, in the banner's own text colour; each banner places it. */
export const RoundClose = styled.button`
  position: absolute;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: 999px;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: rgba(127, 127, 127, 0.2);
  }
  &:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
`;
