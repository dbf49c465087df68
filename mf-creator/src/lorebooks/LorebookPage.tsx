import { routes, type LorebookDetail } from '@fable/contracts';
import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorOf, Avatar, Button, ButtonLink, copyToClipboard, EmptyState, Link, Modal, NotFoundPage, Spinner, useNotify, useParams } from '@fable/shared';
import { useLorebook_getQuery } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import { useIsMine } from './useIsMine';

const Page = styled.article`
  width: 100%;
  max-width: 860px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding-bottom: 48px;
  header {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 20px;
    align-items: center;
  }
  .avatar-button {
    padding: 0;
    border: none;
    border-radius: ${({ theme }) => theme.radius.lg};
    background: none;
    cursor: zoom-in;
    display: flex;
  }
  .avatar-button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 3px;
  }
  .heading {
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
  }
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.8rem;
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  .creator {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .creator a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .description {
    margin: 0;
    line-height: 1.6;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tags li {
    padding: 4px 12px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    font-size: 0.85rem;
  }
  h2 {
    margin: 0 0 10px;
    font-size: 1.15rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    header {
      grid-template-columns: minmax(0, 1fr);
      justify-items: center;
      text-align: center;
    }
    .actions {
      justify-content: center;
    }
    h1 {
      font-size: 1.45rem;
    }
  }
`;

const Entries = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    padding: 14px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  .keywords {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0 0 8px;
    padding: 0;
    list-style: none;
  }
  .keywords li {
    padding: 1px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-size: 0.75rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    line-height: 1.55;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Enlarged = styled.img`
  display: block;
  width: 100%;
  max-height: 70vh;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radius.md};
`;

function ShareButton({ lorebook }: { lorebook: LorebookDetail }) {
  const notify = useNotify();
  const share = async () => {
    try {
      await copyToClipboard(`${window.location.origin}/lorebook/${encodeURIComponent(lorebook.id)}`);
      notify.success(T.copied);
    } catch {
      notify.error(T.copyFailed);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      {T.share}
    </Button>
  );
}

/** The lorebook itself: avatar (enlarges on click), name, creator link, Share, Edit for its creator, description, tags, entries. */
function LorebookView({ lorebook }: { lorebook: LorebookDetail }) {
  const [enlarged, setEnlarged] = useState(false);
  const mine = useIsMine(lorebook.id);
  return (
    <Page aria-labelledby="lorebook-name">
      <header>
        {lorebook.avatar_url ? (
          <button type="button" className="avatar-button" onClick={() => setEnlarged(true)} aria-label={T.enlarge(lorebook.name)}>
            <Avatar src={lorebook.avatar_url} name={lorebook.name} size={120} shape="rounded" />
          </button>
        ) : (
          <Avatar name={lorebook.name} size={120} shape="rounded" />
        )}
        <div className="heading">
          <h1 id="lorebook-name">{lorebook.name}</h1>
          <p className="creator">
            {T.by} <Link to={routes.creator({ creatorUsername: lorebook.creator_username })}>@{lorebook.creator_username}</Link>
            {' · '}
            {T.entriesOf(lorebook.entries.length)}
          </p>
          <div className="actions">
            <ShareButton lorebook={lorebook} />
            {mine ? (
              <ButtonLink to={`/lorebook/edit/${encodeURIComponent(lorebook.id)}`} variant="secondary">
                {T.edit}
              </ButtonLink>
            ) : null}
          </div>
        </div>
      </header>
      <p className="description">{lorebook.description}</p>
      {lorebook.tags.length > 0 ? (
        <ul className="tags" aria-label={T.tags}>
          {lorebook.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="lorebook-entries">
        <h2 id="lorebook-entries">{T.entries}</h2>
        <Entries>
          {lorebook.entries.map((entry) => (
            <li key={entry.id}>
              <h3>{entry.name}</h3>
              <ul className="keywords" aria-label={T.keywordsLabel}>
                {entry.keywords.map((keyword) => (
                  <li key={keyword}>{keyword}</li>
                ))}
              </ul>
              <p>{entry.content}</p>
            </li>
          ))}
        </Entries>
      </section>
      <Modal open={enlarged} onClose={() => setEnlarged(false)} title={lorebook.name} size="lg" closeLabel={T.close}>
        <Enlarged src={lorebook.avatar_url ?? ''} alt={T.avatarOf(lorebook.name)} />
      </Modal>
    </Page>
  );
}

/** /lorebook/{id} (document 2 §2): the lorebook's page; one that does not exist is the 404 page. */
export function LorebookPage() {
  const { id = '' } = useParams();
  const lorebook = useLorebook_getQuery(id, { skip: !id });
  if (lorebook.isLoading) return <Spinner label={T.loading} center />;
  if (lorebook.data) return <LorebookView lorebook={lorebook.data} />;
  const info = apiErrorOf(lorebook.error);
  if (info.status === 404 || !id) return <NotFoundPage />;
  return <EmptyState headingLevel={1} title={T.failedTitle} description={T.failedHint} action={{ label: T.tryAgain, onClick: () => void lorebook.refetch() }} />;
}
