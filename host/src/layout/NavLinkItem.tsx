import { NavLink } from 'react-router';
import type { NavItem } from '../navigation/navEntries';
import { Icon } from './icons';

/** One navigation entry: an in-app link, or an external one (Help) opening in a new tab. */
export function NavLinkItem({ item, icon, onNavigate }: { item: NavItem; icon?: string; onNavigate?: () => void }) {
  const content = (
    <>
      {icon && <Icon name={icon} />}
      <span className="label">{item.label}</span>
      {item.badge && <span className="badge">{item.badge}</span>}
    </>
  );
  if (item.external) {
    const mail = item.to.startsWith('mailto:');
    return (
      <a className="nav-link" href={item.to} target={mail ? undefined : '_blank'} rel="noopener noreferrer" onClick={onNavigate}>
        {content}
      </a>
    );
  }
  return (
    <NavLink className="nav-link" to={item.to} end={item.to === '/'} onClick={onNavigate}>
      {content}
    </NavLink>
  );
}
