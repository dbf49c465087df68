import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Link } from 'react-router';
import { DEFAULT_UPGRADE_BUTTON, useShellSettings } from '../settings/appSettingsApi';
import { hasIcon, Icon } from './icons';

const pill = (theme: Theme) => css`
  color: ${theme.colors.onPrimary};
  background: linear-gradient(135deg, ${theme.colors.primary}, ${theme.colors.accent});
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 14px;
  border-radius: 999px;
  font-weight: 700;
  font-size: 0.85rem;
  text-decoration: none;
  white-space: nowrap;
  @media (max-width: 420px) {
    padding: 8px;
    .label {
      display: none;
    }
  }
`;

const InternalPill = styled(Link)(({ theme }) => pill(theme));
const ExternalPill = styled.a(({ theme }) => pill(theme));

/**
 * The upgrade pill: custom label, icon and link from app settings; https links open a new tab, others
 * stay in the app; by default it goes where the remote that fills the slot says (subscribe, document 1 §2).
 */
export function UpgradePill({ defaultTo }: { defaultTo: string }) {
  const data = useShellSettings();
  const button = data?.navHeaderButton ?? { ...DEFAULT_UPGRADE_BUTTON, to: defaultTo };
  const content = (
    <>
      <Icon name={button.icon && hasIcon(button.icon) ? button.icon : 'bolt'} size={16} />
      <span className="label">{button.label}</span>
    </>
  );
  if (/^https:\/\//.test(button.to)) {
    return (
      <ExternalPill href={button.to} target="_blank" rel="noopener noreferrer" data-testid="upgrade-pill" aria-label={button.label}>
        {content}
      </ExternalPill>
    );
  }
  return (
    <InternalPill to={button.to} data-testid="upgrade-pill" aria-label={button.label}>
      {content}
    </InternalPill>
  );
}
