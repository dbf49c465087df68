import styled from '@emotion/styled';
import { useState } from 'react';
import type { AdminUserDetail } from '@fable/contracts';
import { Button, ButtonLink, EmptyState, Spinner, startImpersonation, useParams } from '@fable/shared';
import { useAccount_adminUserQuery } from './adminUsersApi';
import { ADMIN_USERS_TEXTS as T } from './adminUsersTexts';
import { AdminPage } from './AdminUsersPage';
import { LiftDialog } from './LiftDialog';
import { RestrictForm } from './RestrictForm';
import { RestrictionChips } from './RestrictionChips';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 10px;
    padding-bottom: 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-of-type {
    border-bottom: 0;
    padding-bottom: 0;
  }
  .why {
    flex-basis: 100%;
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .lift {
    margin-left: auto;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  h1 {
    overflow-wrap: anywhere;
  }
`;

const date = (iso: string) => new Date(iso).toLocaleString();

function Restrictions({ detail, onLift }: { detail: AdminUserDetail; onLift: (id: string) => void }) {
  if (detail.restrictions.length === 0) return <p className="meta">{T.noRestrictions}</p>;
  return (
    <ul>
      {detail.restrictions.map((r) => (
        <li key={r.id}>
          <strong>{T.kinds[r.kind]}</strong>
          <span className="meta">
            {r.active ? T.active : r.lifted_at ? T.liftedBy(r.lifted_by, date(r.lifted_at)) : T.ended}
            {r.expires_at ? ` · ${T.until(date(r.expires_at))}` : ''} · {T.by(r.created_by)}, {date(r.created_at)}
          </span>
          {r.active ? (
            <Button className="lift" size="sm" variant="secondary" onClick={() => onLift(r.id)}>
              {T.lift}
            </Button>
          ) : null}
          {r.reason ? <p className="why">{r.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function Record({ detail }: { detail: AdminUserDetail }) {
  if (detail.actions.length === 0) return <p className="meta">{T.noRecord}</p>;
  return (
    <ul>
      {detail.actions.map((a) => (
        <li key={a.id}>
          <strong>{T.actions[a.action]}</strong>
          <span className="meta">
            {T.by(a.actor_username)}, {date(a.created_at)}
          </span>
          {a.reason ? <p className="why">{a.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One member as admins see them: active and past restrictions (lift one), the restrict form, what admins did, and
 * "View the site as" (read-only impersonation; never for an admin).
 */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const { data, isLoading, isError, refetch } = useAccount_adminUserQuery(userId, { skip: userId === '' });
  const [lifting, setLifting] = useState<string | null>(null);
  if (isLoading) return <Spinner label={T.loading} center />;
  if (isError || !data) return <EmptyState title={T.failed} action={{ label: T.retry, onClick: () => void refetch() }} />;
  const { user } = data;
  const username = user.username ?? user.id;
  return (
    <AdminPage>
      <ButtonLink to="/admin/users" variant="secondary" style={{ alignSelf: 'flex-start' }}>
        {T.back}
      </ButtonLink>
      <Head>
        <h1>@{username}</h1>
        <RestrictionChips kinds={user.restricted} admin={user.is_admin} />
      </Head>
      <p className="muted">
        {user.email ?? ''} · {user.tier} · {T.joined(new Date(user.created_at).toLocaleDateString())}
      </p>
      {user.is_admin ? (
        <p className="muted">{T.adminProtected}</p>
      ) : (
        <>
          <div>
            <Button onClick={() => startImpersonation({ userId: user.id, username: user.username })}>{T.viewAs(username)}</Button>
            <p className="muted">{T.viewAsHint}</p>
          </div>
          <Section aria-labelledby="restrict-title">
            <h2 id="restrict-title">{T.restrictTitle}</h2>
            <RestrictForm userId={user.id} />
          </Section>
        </>
      )}
      <Section aria-labelledby="restrictions-title">
        <h2 id="restrictions-title">{T.restrictionsTitle}</h2>
        <Restrictions detail={data} onLift={setLifting} />
      </Section>
      <Section aria-labelledby="record-title">
        <h2 id="record-title">{T.recordTitle}</h2>
        <Record detail={data} />
      </Section>
      {lifting ? <LiftDialog userId={user.id} restrictionId={lifting} onClose={() => setLifting(null)} /> : null}
    </AdminPage>
  );
}
