import styled from '@emotion/styled';
import { selectTheme, toggleTheme, useAppDispatch, useAppSelector } from '@fable/shared';
import { Icon } from './icons';
import { saveThemePreference } from './themePreference';

export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  flex-shrink: 0;
  &:hover {
    filter: brightness(1.1);
  }
`;

export function ThemeToggle() {
  const mode = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      type="button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      onClick={() => {
        dispatch(toggleTheme());
        saveThemePreference(next);
      }}
    >
      <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
    </IconButton>
  );
}
