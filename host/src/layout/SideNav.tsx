import styled from '@emotion/styled';
import { useState } from 'react';
import { useNavItems } from '../navigation/useNavItems';
import { Icon } from './icons';
import { NavLinkItem } from './NavLinkItem';
import { loadCreateOpen, saveCreateOpen } from './navPreference';

const COLLAPSED_LABEL = `
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const Nav = styled.nav<{ open: boolean }>`
  width: ${({ open }) => (open ? '232px' : '68px')};
  flex-shrink: 0;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  padding: 12px 8px;
  display: flex;
  flex-direction: column;
  gap: 2px;
  position: sticky;
  top: 60px;
  height: calc(100vh - 60px);
  overflow-y: auto;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .nav-link,
  .group-toggle {
    display: flex;
    align-items: center;
    gap: 12px;
    width: 100%;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    font: inherit;
    font-weight: 600;
    background: none;
    border: none;
    cursor: pointer;
    white-space: nowrap;
  }
  .nav-link:hover,
  .group-toggle:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
  .nav-link.active {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  .label {
    /* Collapsed to icons, the entries keep their names for screen readers (visually hidden, not removed). */
    ${({ open }) => (open ? 'display: inline;' : COLLAPSED_LABEL)}
  }
  .badge {
    display: ${({ open }) => (open ? 'inline' : 'none')};
    margin-left: auto;
    font-size: 0.7rem;
    padding: 1px 6px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
  }
  .children .nav-link {
    padding-left: ${({ open }) => (open ? '44px' : '12px')};
  }
  .chevron {
    margin-left: auto;
    display: ${({ open }) => (open ? 'inline' : 'none')};
    transition: transform 120ms ease;
  }
  .chevron.up {
    transform: rotate(180deg);
  }
  .collapse {
    margin-top: auto;
  }
  @media (max-width: 1023px) {
    position: fixed;
    z-index: 30;
    left: 0;
    top: 60px;
    width: 260px;
    transform: translateX(${({ open }) => (open ? '0' : '-100%')});
    transition: transform 160ms ease;
    box-shadow: ${({ theme, open }) => (open ? theme.shadow : 'none')};
    .label,
    .badge,
    .chevron {
      display: inline;
    }
    .label {
      position: static;
      width: auto;
      height: auto;
      margin: 0;
      overflow: visible;
      clip: auto;
    }
    .collapse {
      display: none;
    }
  }
`;

export interface SideNavProps {
  open: boolean;
  onToggle: () => void;
  /** Called after a link is followed (the drawer closes on narrow screens). */
  onNavigate: () => void;
}

/** Side navigation (document 1 §2): the enabled remotes' entries plus Help, gated by permission. */
export function SideNav({ open, onToggle, onNavigate }: SideNavProps) {
  const items = useNavItems('side');
  const [createOpen, setCreateOpen] = useState(loadCreateOpen);
  return (
    <Nav id="side-nav" aria-label="Main" open={open} data-testid="side-nav" data-open={open}>
      <ul>
        {items.map((item) =>
          item.children ? (
            <li key={item.id}>
              <button
                type="button"
                className="group-toggle"
                aria-expanded={createOpen}
                onClick={() => {
                  setCreateOpen(!createOpen);
                  saveCreateOpen(!createOpen);
                }}
              >
                <Icon name={item.id} />
                <span className="label">{item.label}</span>
                <Icon name="chevron" size={16} className={`chevron ${createOpen ? 'up' : ''}`} />
              </button>
              {createOpen && (
                <ul className="children">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <NavLinkItem item={child} onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ) : (
            <li key={item.id}>
              <NavLinkItem item={item} icon={item.id} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
      <button type="button" className="group-toggle collapse" onClick={onToggle} aria-label={open ? 'Collapse menu' : 'Expand menu'}>
        <Icon name={open ? 'collapse' : 'expand'} />
        <span className="label">Collapse</span>
      </button>
    </Nav>
  );
}
