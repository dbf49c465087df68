import { routes, type Brand } from '@fable/contracts';
import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { selectDeployment, useAppSelector, useTrackEvent } from '@fable/shared';
import { useShellSettings } from '../settings/appSettingsApi';
import { socialNetworkOf } from './socialLinks';

const Foot = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  padding: 28px 24px;
  font-size: 0.9rem;
  display: grid;
  gap: 18px;
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 10px 20px;
    align-items: center;
  }
  a {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
  address {
    font-style: normal;
  }
  .logo img {
    height: 26px;
  }
  .badge {
    display: inline-flex;
    flex-direction: column;
    padding: 6px 14px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    line-height: 1.2;
    small {
      font-size: 0.7rem;
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
`;

/** A link from the deployment: in-app paths through the router, others as plain links. */
export function BrandLink({ to, children, onClick }: { to: string; children: ReactNode; onClick?: () => void }) {
  if (to.startsWith('/')) return <Link to={to} onClick={onClick}>{children}</Link>;
  return (
    <a href={to} target={to.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer" onClick={onClick}>
      {children}
    </a>
  );
}

/** A footer link, reported as a social media click (document 1 §7 "Analytics events") when it leads to one. */
function FooterLink({ label, to, links }: { label: string; to: string; links: Brand['links'] }) {
  const track = useTrackEvent();
  const network = socialNetworkOf({ label, to }, links);
  return (
    <BrandLink to={to} onClick={network ? () => track({ event_name: 'social_media_click', network }) : undefined}>
      {label}
    </BrandLink>
  );
}

/** The main footer's links from the deployment, when the app settings give none (document 1 §2 Footer). */
function DeploymentLinks({ links, main }: { links: Brand['links']; main: boolean }) {
  return (
    <>
      <BrandLink to={links.terms}>Terms</BrandLink>
      <BrandLink to={links.privacy}>Privacy</BrandLink>
      <BrandLink to={links.refund}>Refunds</BrandLink>
      <Link to={routes.report()}>Reporting</Link>
      <Link to={routes.guidelines()}>Guidelines</Link>
      <BrandLink to={links.support}>Support</BrandLink>
      {main && links.affiliates && <BrandLink to={links.affiliates}>Affiliates</BrandLink>}
      {main && links.discord && <FooterLink label="Discord" to={links.discord} links={links} />}
      {main && links.x && <FooterLink label="X" to={links.x} links={links} />}
      {main && links.reddit && <FooterLink label="Reddit" to={links.reddit} links={links} />}
    </>
  );
}

/** The main footer, and the partner variant (document 1 §2 Footer). */
export function Footer() {
  const deployment = useAppSelector(selectDeployment);
  const settingsLinks = useShellSettings()?.footerLinks;
  if (!deployment) return null;
  const { brand } = deployment;
  const { links } = brand;
  if (deployment.partner.enabled) {
    return (
      <Foot data-testid="footer" data-variant="partner">
        <nav className="row" aria-label="Footer">
          <BrandLink to={links.support}>Support</BrandLink>
          <BrandLink to={links.terms}>Terms</BrandLink>
          <BrandLink to={links.privacy}>Privacy</BrandLink>
          <BrandLink to={links.refund}>Refunds</BrandLink>
        </nav>
        {brand.footer.bottomLine && <p className="row">{brand.footer.bottomLine}</p>}
      </Foot>
    );
  }
  const main = deployment.kind === 'main';
  return (
    <Foot data-testid="footer" data-variant="main">
      <div className="row">
        <Link to={routes.home()} className="logo" aria-label={`${brand.name} home`}>
          <img src={brand.logoUrl} alt={brand.name} />
        </Link>
        <Link to={routes.download()} className="badge">
          <small>Download on the</small> App Store
        </Link>
        <Link to={routes.download()} className="badge">
          <small>Get it on</small> Google Play
        </Link>
      </div>
      <nav className="row" aria-label="Footer">
        {settingsLinks?.length ? (
          // The application's own footer links, from its app settings.
          settingsLinks.map((link) => <FooterLink key={`${link.label}:${link.to}`} label={link.label} to={link.to} links={links} />)
        ) : (
          <DeploymentLinks links={links} main={main} />
        )}
      </nav>
      {brand.footer.addresses.map((address) => (
        <address key={address}>{address}</address>
      ))}
      {main && !settingsLinks?.some((link) => link.to === routes.compliance2257()) && (
        <p>
          <Link to={routes.compliance2257()}>18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement</Link>
        </p>
      )}
      <p>
        © {new Date().getFullYear()} {brand.name}
      </p>
    </Foot>
  );
}
