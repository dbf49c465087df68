import { EmptyState, signInRequested, useAppDispatch, useLocation } from '@fable/shared';

export const SIGN_IN_REQUIRED_TEXTS = {
  title: 'Sign in to continue',
  description: 'This page is for members. Sign in, or create a free account, to open it.',
  action: 'Sign In',
} as const;

/** A member page opened by a guest: sign in first, and come back here after (the route guard's sign-in path). */
export function SignInRequiredPage() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  return (
    <div data-testid="route-sign-in-required">
      <EmptyState
        headingLevel={1}
        title={SIGN_IN_REQUIRED_TEXTS.title}
        description={SIGN_IN_REQUIRED_TEXTS.description}
        action={{ label: SIGN_IN_REQUIRED_TEXTS.action, onClick: () => dispatch(signInRequested({ returnTo: pathname + search })) }}
      />
    </div>
  );
}
