import styled from '@emotion/styled';
import { ADMIN_USERS_PAGE_SIZE } from '@fable/contracts';
import { EmptyState, Link, Pagination, SearchBox, Spinner, useSearchParams } from '@fable/shared';
import { useAccount_adminUsersQuery } from './adminUsersApi';
import { ADMIN_USERS_TEXTS as T } from './adminUsersTexts';
import { RestrictionChips } from './RestrictionChips';

export const AdminPage = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0;
  }
  .lead,
  .muted {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li a {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  li a:hover,
  li a:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  .name {
    font-weight: 700;
  }
  .email,
  .joined {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
    overflow-wrap: anywhere;
  }
  .joined {
    margin-left: auto;
  }
`;

/**
 * The admin users page (admins: the route needs the admin permission and the API checks it again): members of this
 * application found by username, email or id, newest first, each with their active restrictions. Search and page are
 * in the URL.
 */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, isFetching, isError, refetch } = useAccount_adminUsersQuery({ q, page });
  return (
    <AdminPage>
      <h1>{T.title}</h1>
      <p className="lead">{T.lead}</p>
      <SearchBox value={q} onCommit={(value) => setParams(value ? { q: value } : {})} debounceMs={300} label={T.search} placeholder={T.searchPlaceholder} maxLength={100} />
      {isLoading ? (
        <Spinner label={T.loading} center />
      ) : isError || !data ? (
        <EmptyState title={T.failed} action={{ label: T.retry, onClick: () => void refetch() }} />
      ) : data.items.length === 0 ? (
        <EmptyState title={T.empty} />
      ) : (
        <>
          <p className="muted" aria-live="polite" aria-busy={isFetching}>
            {T.found(data.found)}
          </p>
          <List>
            {data.items.map((user) => (
              <li key={user.id}>
                <Link to={`/admin/users/${user.id}`}>
                  <span className="name">@{user.username ?? user.id}</span>
                  {user.email ? <span className="email">{user.email}</span> : null}
                  <RestrictionChips kinds={user.restricted} admin={user.is_admin} />
                  <span className="joined">{T.joined(new Date(user.created_at).toLocaleDateString())}</span>
                </Link>
              </li>
            ))}
          </List>
          {data.found > ADMIN_USERS_PAGE_SIZE ? (
            <Pagination
              page={page}
              pageCount={Math.ceil(data.found / ADMIN_USERS_PAGE_SIZE)}
              onPageChange={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
            />
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
