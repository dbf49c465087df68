import styled from '@emotion/styled';
import type { AdminBanner } from '@fable/contracts';
import { Button } from '@fable/shared';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { targetingInWords, whenOf } from './bannerSummary';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  > li {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    min-width: 0;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
  }
  .name {
    margin: 0;
    font-size: 1rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

const Chip = styled.span`
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  &[data-status='live'] {
    background: ${({ theme }) => theme.colors.successSoft};
  }
  &[data-status='scheduled'] {
    background: ${({ theme }) => theme.colors.infoSoft};
  }
`;

/** A banner's status as a chip: scheduled, live or ended. */
export function BannerStatusChip({ status }: { status: AdminBanner['status'] }) {
  return <Chip data-status={status}>{T.statuses[status]}</Chip>;
}

export interface BannerListProps {
  items: readonly AdminBanner[];
  onEdit: (banner: AdminBanner) => void;
  onEnd: (banner: AdminBanner) => void;
}

/** The banners as the API orders them: name, placement, status, when (local time), who sees them, what people did. */
export function BannerList({ items, onEdit, onEnd }: BannerListProps) {
  return (
    <List aria-label={T.listLabel}>
      {items.map((b) => (
        <li key={b.id} aria-labelledby={`banner-${b.id}`}>
          <div className="head">
            <h2 className="name" id={`banner-${b.id}`}>
              {b.banner.name}
            </h2>
            <BannerStatusChip status={b.status} />
            <span className="meta">{T.placements[b.banner.placement]}</span>
          </div>
          <p>{whenOf(b)}</p>
          <p className="meta">{targetingInWords(b.targeting)}</p>
          <p className="meta">
            {T.stats(b.stats.views, b.stats.closes, b.stats.clicks)} {T.by(b.created_by)}
          </p>
          {b.status === 'ended' ? null : (
            <div className="actions">
              <Button size="sm" variant="secondary" aria-label={T.editNamed(b.banner.name)} onClick={() => onEdit(b)}>
                {T.edit}
              </Button>
              <Button size="sm" variant="danger" aria-label={T.endNamed(b.banner.name)} onClick={() => onEnd(b)}>
                {T.end}
              </Button>
            </div>
          )}
        </li>
      ))}
    </List>
  );
}
