import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import type { AdminBanner } from '@fable/contracts';
import { Button, EmptyState, Spinner } from '@fable/shared';
import { useAccount_adminBannersQuery } from './adminBannersApi';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { AdminPage } from './AdminUsersPage';
import { BannerFormModal } from './BannerFormModal';
import { BannerList } from './BannerList';
import { EndBannerDialog } from './EndBannerDialog';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  h1:focus {
    outline: none;
  }
`;

/** null: no form open; a banner: editing it. */
type Editing = { banner: AdminBanner | null } | null;

/**
 * The admin banners page (admins: the route needs the admin permission and the API checks it again): every banner,
 * scheduled, live and ended, with who sees it and what people did; a new one, a change to one not ended, ending one.
 */
export function AdminBannersPage() {
  const { data, isLoading, isError, refetch } = useAccount_adminBannersQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [ending, setEnding] = useState<AdminBanner | null>(null);
  // Where focus goes once a banner is ended (its End button is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <AdminPage>
      <Head>
        <h1 ref={heading} tabIndex={-1}>
          {T.title}
        </h1>
        <Button onClick={() => setEditing({ banner: null })}>{T.newBanner}</Button>
      </Head>
      <p className="lead">{T.lead}</p>
      {isLoading ? (
        <Spinner label={T.loading} center />
      ) : isError || !data ? (
        <EmptyState title={T.failed} action={{ label: T.retry, onClick: () => void refetch() }} />
      ) : data.items.length === 0 ? (
        <EmptyState title={T.empty} description={T.emptyHint} />
      ) : (
        <BannerList items={data.items} onEdit={(banner) => setEditing({ banner })} onEnd={setEnding} />
      )}
      {editing ? <BannerFormModal banner={editing.banner} onClose={() => setEditing(null)} /> : null}
      {ending ? <EndBannerDialog banner={ending} onClose={() => setEnding(null)} fallbackFocusRef={heading} /> : null}
    </AdminPage>
  );
}
