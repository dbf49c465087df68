import { routes, type BlockedCreator } from '@fable/contracts';
import styled from '@emotion/styled';
import { useState } from 'react';
import {
  apiErrorMessage,
  Avatar,
  Button,
  ConfirmationModal,
  EmptyState,
  Link,
  selectAuthStatus,
  signInRequested,
  Spinner,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNotify,
} from '@fable/shared';
import { useAccount_blockedCreatorsQuery, useAccount_unblockCreatorMutation } from './blockedCreatorsApi';

/** Texts of the Blocked Creators page (document 1 §2 "Other screens"), verbatim where quoted there. */
export const BLOCKED_TEXTS = {
  heading: 'Blocked Creators',
  empty: 'Not blocked any creator yet!',
  guest: 'You are not logged in yet!',
  signIn: 'Sign In',
  unblock: 'Unblock',
  confirmTitle: 'Unblock Creator',
  confirmMessage: (username: string) => `Unblock @${username}? Their chatbots will show up for you again.`,
  unblocked: (username: string) => `@${username} unblocked`,
  loadFailed: 'Something went wrong',
  retry: 'Try Again',
} as const;

const Page = styled.div`
  width: min(100%, 720px);
  margin: 0 auto;
  padding: 24px 0 64px;
  h1 {
    margin: 0 0 16px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.6rem;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
`;

function BlockedList({ creators }: { creators: BlockedCreator[] }) {
  const [unblock] = useAccount_unblockCreatorMutation();
  const notify = useNotify();
  const [pending, setPending] = useState<BlockedCreator | null>(null);
  if (creators.length === 0) return <EmptyState title={BLOCKED_TEXTS.empty} />;
  return (
    <>
      <List aria-label={BLOCKED_TEXTS.heading}>
        {creators.map((creator) => (
          <Row key={creator.id}>
            <Avatar name={creator.username} size={40} />
            <Link to={routes.creator({ creatorUsername: creator.username })}>@{creator.username}</Link>
            <Button variant="secondary" size="sm" onClick={() => setPending(creator)} aria-label={`${BLOCKED_TEXTS.unblock} @${creator.username}`}>
              {BLOCKED_TEXTS.unblock}
            </Button>
          </Row>
        ))}
      </List>
      <ConfirmationModal
        open={pending !== null}
        title={BLOCKED_TEXTS.confirmTitle}
        message={pending ? BLOCKED_TEXTS.confirmMessage(pending.username) : null}
        confirmLabel={BLOCKED_TEXTS.unblock}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          const result = await unblock(pending.id);
          if ('error' in result) throw new Error(apiErrorMessage(result.error, ''));
          notify.success(BLOCKED_TEXTS.unblocked(pending.username));
        }}
      />
    </>
  );
}

function SignedInBlockedCreators() {
  const { data, isLoading, isError, refetch } = useAccount_blockedCreatorsQuery();
  if (isLoading) return <Spinner label="Loading blocked creators" center />;
  if (isError || !data) return <EmptyState title={BLOCKED_TEXTS.loadFailed} action={{ label: BLOCKED_TEXTS.retry, onClick: () => void refetch() }} />;
  return <BlockedList creators={data} />;
}

/** `/blocked-creators`: the creators the member blocked, each with Unblock (and its confirmation). */
export function BlockedCreatorsPage() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return (
    <Page>
      <h1>{BLOCKED_TEXTS.heading}</h1>
      {status === 'loading' ? (
        <Spinner label="Loading your account" center />
      ) : status === 'authenticated' ? (
        <SignedInBlockedCreators />
      ) : (
        <EmptyState title={BLOCKED_TEXTS.guest} action={{ label: BLOCKED_TEXTS.signIn, onClick: () => dispatch(signInRequested({ returnTo: pathname })) }} />
      )}
    </Page>
  );
}
