import styled from '@emotion/styled';
import { paginationRange } from './paginationRange';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  siblingCount?: number;
  boundaryCount?: number;
  /** Accessible name of the navigation landmark. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** Accessible name of a page button. */
  pageLabel?: (page: number) => string;
  disabled?: boolean;
  className?: string;
}

const Nav = styled.nav`
  display: flex;
  justify-content: center;
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  button {
    min-width: 40px;
    height: 40px;
    padding: 0 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:hover:not(:disabled):not([aria-current]) {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  button[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    cursor: default;
  }
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  .ellipsis {
    min-width: 24px;
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    button {
      min-width: 36px;
      height: 36px;
      padding: 0 8px;
    }
    .step-text {
      display: none;
    }
  }
`;

/** Previous / numbered pages with ellipses / Next. Renders nothing for a single page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  siblingCount = 1,
  boundaryCount = 1,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  pageLabel = (p) => `Page ${p}`,
  disabled = false,
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= pageCount) onPageChange(p);
  };
  return (
    <Nav aria-label={label} className={className}>
      <ul>
        <li>
          <button type="button" aria-label={previousLabel} disabled={disabled || current <= 1} onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span> <span className="step-text" aria-hidden="true">{previousLabel}</span>
          </button>
        </li>
        {paginationRange(current, pageCount, siblingCount, boundaryCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={pageLabel(item)}
                aria-current={item === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" aria-label={nextLabel} disabled={disabled || current >= pageCount} onClick={() => go(current + 1)}>
            <span className="step-text" aria-hidden="true">{nextLabel}</span> <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </Nav>
  );
}
