import styled from '@emotion/styled';
import type { BirthdayBanner as Birthday } from '@fable/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { birthdayDismissed, dismissBirthday } from './bannerStorage';
import { BANNER_TEXTS } from './bannerTexts';
import { RoundClose } from './RoundClose';

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: 4px 16px;
  padding: 8px 48px 8px 16px;
  position: relative;
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font-weight: 600;
  a {
    color: inherit;
    text-decoration: underline;
  }
  a:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
`;

const Dismiss = styled(RoundClose)`
  right: 8px;
  top: 50%;
  transform: translateY(-50%);
`;

/** The birthday banner over every screen (document 1 §2): links to the sale; dismissed for good on this browser. */
export function BirthdayBanner({ sale }: { sale: Birthday }) {
  const [dismissed, setDismissed] = useState(() => birthdayDismissed(sale.ends_at));
  if (dismissed) return null;
  return (
    <Bar role="region" aria-label={sale.title}>
      <span>{BANNER_TEXTS.birthday(sale.title)}</span>
      <Link to="/sale">{BANNER_TEXTS.birthdayCta}</Link>
      <Dismiss
        type="button"
        aria-label={BANNER_TEXTS.birthdayDismiss}
        onClick={() => {
          dismissBirthday(sale.ends_at);
          setDismissed(true);
        }}
      >
        ×
      </Dismiss>
    </Bar>
  );
}
