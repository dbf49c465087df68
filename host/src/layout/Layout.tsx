import styled from '@emotion/styled';
import { Outlet, Link } from 'react-router';
import { selectBrand, selectTheme, toggleTheme, useAppDispatch, useAppSelector } from '@fable/shared';
import { saveThemePreference } from './themePreference';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export function Layout() {
  const brand = useAppSelector(selectBrand);
  const mode = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  return (
    <Shell>
      <Header>
        <Link to="/">{brand?.name}</Link>
        <button
          type="button"
          onClick={() => {
            dispatch(toggleTheme());
            saveThemePreference(mode === 'dark' ? 'light' : 'dark');
          }}
        >
          Theme
        </button>
      </Header>
      <main>
        <Outlet />
      </main>
    </Shell>
  );
}
