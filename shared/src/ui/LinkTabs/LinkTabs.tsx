import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tabLook, tabRowLook } from '../Tabs/tabLook';

export interface LinkTabItem {
  id: string;
  /** The section's own address. */
  to: string;
  label: ReactNode;
  /** A number beside the label (how many there are); none when 0 or left out. */
  count?: number;
}

export interface LinkTabsProps {
  items: readonly LinkTabItem[];
  /** The id of the section showing (aria-current="page"). */
  current: string;
  /** Accessible name of the navigation. */
  label: string;
  className?: string;
}

const Nav = styled.nav`
  ul {
    ${({ theme }) => tabRowLook(theme)}
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    ${({ theme }) => tabLook(theme)}
    display: inline-flex;
    align-items: center;
    gap: 8px;
    text-decoration: none;
  }
  .count {
    min-width: 20px;
    padding: 1px 7px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
    font-size: 0.75rem;
    text-align: center;
  }
`;

/**
 * Sections that are routes of their own, shown as tabs (the look of Tabs) but made of links in a navigation: each
 * link goes to its section's address, the one showing marked aria-current="page". Use Tabs for panels in one page.
 */
export function LinkTabs({ items, current, label, className }: LinkTabsProps) {
  return (
    <Nav aria-label={label} className={className}>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to} aria-current={item.id === current ? 'page' : undefined}>
              {item.label}
              {item.count ? <span className="count">{item.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
