import styled from '@emotion/styled';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { Button, Modal, type AppStore } from '@fable/shared';
import { TextField } from '@fable/shared/forms';
import { useHost_getProvidersQuery, useHost_requestEmailCodeMutation, useHost_verifyEmailCodeMutation, type AuthProvider } from './authApi';
import { signInEmailError } from './emailCheck';
import { rememberReturnPath, takeReturnPath } from './returnPath';
import { completeSignIn } from './sessionLifecycle';
import { SignInCodeActions } from './SignInCodeActions';
import { SignInProviders } from './SignInProviders';
import { authErrorMessage, SIGN_IN_TEXTS as T } from './signInTexts';
import { useLeavingFor } from './useLeavingFor';
import { useResendCooldown } from './useResendCooldown';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  input.code {
    letter-spacing: 0.4em;
    font-size: 1.2rem;
    text-align: center;
  }
  button[type='submit'] {
    margin-top: 8px;
  }
`;

const Intro = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  margin: 8px 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.success};
`;

export interface SignInOverlayProps {
  open: boolean;
  onClose: () => void;
  /** Where the sign-in was asked from; stored as the return path when login should come back to it. */
  returnTo: string | null;
  /** Leaves the page for a provider; injectable for tests. */
  leavePage?: (url: string) => void;
}

/** Where a social sign-in starts: the provider's start address with the page to land on afterwards. */
export function providerStartUrl(provider: AuthProvider, returnTo: string, origin: string = window.location.origin): string {
  const url = new URL(provider.start_url, origin);
  url.searchParams.set('return_to', returnTo);
  return url.origin === origin ? url.pathname + url.search : url.href;
}

/**
 * The sign-in overlay (document 1 §4 "Sign-in", §5): an email checked before any call, a one-time code sent to it,
 * the code entered (with resend), or a social provider from GET /v2/auth/providers. A provider's button shows
 * loading until the page's visibility changes (the browser leaves for the provider, or comes back).
 */
export default function SignInOverlay({ open, onClose, returnTo, leavePage = (url) => window.location.assign(url) }: SignInOverlayProps) {
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [leavingFor, setLeavingFor] = useLeavingFor();
  const { cooldown, restart: restartCooldown } = useResendCooldown();
  const codeRef = useRef<HTMLInputElement>(null);

  const [requestCode, requestState] = useHost_requestEmailCodeMutation();
  const [verifyCode, verifyState] = useHost_verifyEmailCodeMutation();
  const providers = useHost_getProvidersQuery(undefined, { skip: !open });

  const here = location.pathname + location.search;
  // Stored once per opening: `here` changes when login navigates back.
  const rememberHere = useEffectEvent(() => rememberReturnPath(returnTo ?? here));
  useEffect(() => {
    if (open) rememberHere();
  }, [open]);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const send = async (target: string) => {
    const result = await requestCode({ email: target });
    if ('error' in result && result.error) return authErrorMessage(result.error);
    restartCooldown();
    return null;
  };

  const onSubmitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const problem = signInEmailError(email);
    setEmailError(problem);
    if (problem) return; // no login starts (document 1 §5)
    const failure = await send(email.trim());
    if (failure) {
      setEmailError(failure);
      return;
    }
    setCode('');
    setCodeError(null);
    setResent(false);
    setStep('code');
  };

  const onSubmitCode = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!/^\d{6}$/.test(value)) {
      setCodeError(T.codeInvalid);
      return;
    }
    setCodeError(null);
    const result = await verifyCode({ email: email.trim(), code: value });
    if ('error' in result && result.error) {
      setCodeError(authErrorMessage(result.error));
      return;
    }
    if (!result.data) return;
    completeSignIn(store, result.data, 'email');
    const back = takeReturnPath();
    if (back && back !== here) navigate(back);
  };

  const onResend = async () => {
    setResent(false);
    const failure = await send(email.trim());
    setCodeError(failure);
    setResent(!failure);
  };

  const startProvider = (provider: AuthProvider) => {
    setLeavingFor(provider.id);
    leavePage(providerStartUrl(provider, returnTo ?? here));
  };

  return (
    <Modal open={open} onClose={onClose} title={T.title} size="sm" data-testid="sign-in-overlay">
      {step === 'email' ? (
        <>
          <Intro>{T.intro}</Intro>
          <Form noValidate onSubmit={onSubmitEmail}>
            <TextField
              label={T.emailLabel}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={T.emailPlaceholder}
              value={email}
              onChange={(value) => {
                setEmail(value);
                if (emailError) setEmailError(null);
              }}
              error={emailError}
            />
            <Button type="submit" fullWidth loading={requestState.isLoading}>
              {T.sendCode}
            </Button>
          </Form>
          <SignInProviders providers={providers.data} leavingFor={leavingFor} onProvider={startProvider} />
        </>
      ) : (
        <>
          <Intro>{T.codeSent(email.trim())}</Intro>
          <Form noValidate onSubmit={onSubmitCode}>
            <TextField
              ref={codeRef}
              label={T.codeLabel}
              className="code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(value) => {
                setCode(value.replace(/\D/g, ''));
                if (codeError) setCodeError(null);
              }}
              error={codeError}
            />
            {resent && !codeError ? <Note role="status">{T.resent}</Note> : null}
            <Button type="submit" fullWidth loading={verifyState.isLoading}>
              {T.verify}
            </Button>
          </Form>
          <SignInCodeActions
            cooldown={cooldown}
            sending={requestState.isLoading}
            onResend={onResend}
            onChangeEmail={() => setStep('email')}
          />
        </>
      )}
    </Modal>
  );
}
