import styled from '@emotion/styled';

/** What the Dropdown's trigger and its loaded menu share (Dropdown.tsx, DropdownMenu.tsx). */

export const Root = styled.div`
  display: inline-block;
`;

export const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  font-size: 0.7em;
  transition: transform 120ms ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

