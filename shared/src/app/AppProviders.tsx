import createCache from '@emotion/cache';
import { CacheProvider, Global, ThemeProvider, css } from '@emotion/react';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { selectBrand } from '../deployment/deploymentSlice';
import { useAppSelector } from '../store/hooks';
import { cspNonce } from './cspNonce';
import type { AppStore } from '../store/store';
import { selectTheme } from '../store/uiSlice';
import { createTheme } from '../theme/theme';

// The page's one emotion cache; remotes never create their own. Its <style> elements carry the page's CSP nonce.
const emotionCache = createCache({ key: 'fable', nonce: cspNonce() });

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectTheme);
  const brand = useAppSelector(selectBrand);
  const theme = useMemo(() => createTheme(mode, brand?.colors), [mode, brand]);
  return (
    <ThemeProvider theme={theme}>
      <Global
        styles={css`
          :root {
            color-scheme: ${mode};
          }
          *,
          *::before,
          *::after {
            box-sizing: border-box;
          }
          html,
          body {
            margin: 0;
            background: ${theme.colors.background};
            color: ${theme.colors.text};
            font-family: ${theme.font.body};
            -webkit-font-smoothing: antialiased;
          }
          a {
            color: inherit;
          }
          :focus-visible {
            outline: 2px solid ${theme.colors.accent};
            outline-offset: 2px;
          }
        `}
      />
      {children}
    </ThemeProvider>
  );
}

/** Store, the one emotion cache and the theme. Rendered once, by the host (or a remote's standalone dev shell). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={emotionCache}>
        <ThemedApp>{children}</ThemedApp>
      </CacheProvider>
    </Provider>
  );
}
