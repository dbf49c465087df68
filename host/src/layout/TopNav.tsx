import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import type { NavItem } from '../navigation/navEntries';
import { useNavItems } from '../navigation/useNavItems';
import { Icon } from './icons';
import { NavLinkItem } from './NavLinkItem';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  overflow-x: auto;
  ul {
    display: flex;
    list-style: none;
    margin: 0;
    padding: 0;
    gap: 4px;
  }
  .nav-link,
  .group-toggle {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 8px 10px;
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    font: inherit;
    font-weight: 600;
    white-space: nowrap;
    background: none;
    border: none;
    cursor: pointer;
  }
  .nav-link.active,
  .nav-link:hover,
  .group-toggle:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .badge {
    font-size: 0.7rem;
    padding: 1px 6px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;

const Menu = styled.ul`
  position: fixed;
  flex-direction: column;
  margin-top: 4px !important;
  padding: 6px !important;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 40;
  .nav-link {
    width: 100%;
  }
`;

function NavGroup({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <li ref={ref}>
      <button type="button" className="group-toggle" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        {item.label}
        <Icon name="chevron" size={16} />
      </button>
      {open && (
        <Menu>
          {item.children!.map((child) => (
            <li key={child.id}>
              <NavLinkItem item={child} onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </Menu>
      )}
    </li>
  );
}

/** Top navigation: each entry only with its permission (document 1 §2); used where there is no side navigation. */
export function TopNav() {
  const items = useNavItems('top');
  if (items.length === 0) return null;
  return (
    <Nav aria-label="Main" data-testid="top-nav">
      <ul>
        {items.map((item) =>
          item.children ? (
            <NavGroup key={item.id} item={item} />
          ) : (
            <li key={item.id}>
              <NavLinkItem item={item} />
            </li>
          ),
        )}
      </ul>
    </Nav>
  );
}
