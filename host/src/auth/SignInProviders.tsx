import styled from '@emotion/styled';
import { Button } from '@fable/shared';
import type { AuthProvider } from './authApi';
import { SIGN_IN_TEXTS as T } from './signInTexts';

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 20px 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Providers = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

export interface SignInProvidersProps {
  /** The social providers of GET /v2/auth/providers; nothing is shown while there are none (or they load). */
  providers: readonly AuthProvider[] | undefined;
  /** The provider the page is leaving for: its button loads, the others are disabled. */
  leavingFor: string | null;
  onProvider: (provider: AuthProvider) => void;
}

/** The sign-in overlay's social providers, under an "or" after the email form: one "Continue with …" button each. */
export function SignInProviders({ providers, leavingFor, onProvider }: SignInProvidersProps) {
  if (!providers || providers.length === 0) return null;
  return (
    <>
      <Divider>{T.or}</Divider>
      <Providers>
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            fullWidth
            loading={leavingFor === provider.id}
            disabled={leavingFor !== null && leavingFor !== provider.id}
            onClick={() => onProvider(provider)}
            data-provider={provider.id}
          >
            {T.continueWith(provider.name)}
          </Button>
        ))}
      </Providers>
    </>
  );
}
