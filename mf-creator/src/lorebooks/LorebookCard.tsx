import styled from '@emotion/styled';
import { memo, useId } from 'react';
import type { LorebookSummary } from '@fable/contracts';
import { Avatar, CardLink, Dropdown } from '@fable/shared';
import { CardRoot } from '../myChatbots/cardParts';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

const Root = styled(CardRoot)`
  &::before {
    background: ${({ theme }) => theme.colors.accent};
  }
  .head {
    align-items: flex-start;
  }
  .names {
    flex: 1;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  .count {
    margin: 0;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .menu {
    position: relative;
    z-index: 1;
    flex: none;
  }
  .description {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

export const lorebookPath = (id: string) => `/lorebook/${encodeURIComponent(id)}`;
export const editLorebookPath = (id: string) => `/lorebook/edit/${encodeURIComponent(id)}`;

/**
 * One of my lorebooks (document 2 §2 "cards link to /lorebook/{id} with a menu Edit / Remove"): avatar, name (its link
 * covers the card), how many entries, description, tags, and the menu.
 */
export const LorebookCard = memo(function LorebookCard({ lorebook, onRemove }: { lorebook: LorebookSummary; onRemove: (lorebook: LorebookSummary) => void }) {
  const nameId = useId();
  return (
    <Root aria-labelledby={nameId} data-testid="lorebook-card">
      <div className="head">
        <span className="avatar" aria-hidden="true">
          <Avatar src={lorebook.avatar_url} name={lorebook.name} size="lg" shape="rounded" />
        </span>
        <div className="names">
          <h3 id={nameId}>
            <CardLink to={lorebookPath(lorebook.id)} focusInside>
              {lorebook.name}
            </CardLink>
          </h3>
          <p className="count">{T.entriesOf(lorebook.num_entries)}</p>
        </div>
        <div className="menu">
          <Dropdown
            label="⋯"
            aria-label={T.moreActions(lorebook.name)}
            showChevron={false}
            variant="ghost"
            size="sm"
            align="end"
            items={[
              { id: 'edit', label: T.edit, to: editLorebookPath(lorebook.id) },
              { id: 'remove', label: T.remove, onSelect: () => onRemove(lorebook) },
            ]}
          />
        </div>
      </div>
      {lorebook.description ? <p className="description">{lorebook.description}</p> : null}
      {lorebook.tags.length > 0 ? (
        <ul className="badges" aria-label={T.tags}>
          {lorebook.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
    </Root>
  );
});
