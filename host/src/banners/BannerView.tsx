import styled from '@emotion/styled';
import { HEX_COLOR, HTTPS_URL, IMAGE_SOURCE, SITE_PATH, type BannerAction, type ServedBanner } from '@fable/contracts';
import { readableOn } from '@fable/shared';
import { useRef, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useSeenOnce } from '@fable/shared/visibility';
import { BANNER_TEXTS } from './bannerTexts';
import { RoundClose } from './RoundClose';

// What admins set ends up in styles and links: only what the API lets through is used (the contracts' same checks).
const colorOf = (value: string | undefined) => (value && HEX_COLOR.test(value) ? value : undefined);
const imageOf = (value: string | undefined) => (value && IMAGE_SOURCE.test(value) ? value : undefined);

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 12px 16px;
  flex-wrap: wrap;
  padding: 12px 16px;
  &[data-closable='true'] {
    padding-right: 48px;
  }
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background-color: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  background-size: cover;
  background-position: center;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 2px 0 0;
  }
  img {
    max-height: 64px;
    max-width: 120px;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 10px 12px;
    &[data-closable='true'] {
      padding-right: 44px;
    }
  }
`;

const Content = styled.div`
  flex: 1 1 220px;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  a {
    display: inline-block;
    padding: 6px 16px;
    font-weight: 600;
    text-decoration: none;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primaryText};
    outline-offset: 2px;
  }
`;

const Close = styled(RoundClose)`
  top: 6px;
  right: 6px;
`;

const textStyle = (t: ServedBanner['title'], fallbackColor: string | undefined): CSSProperties => ({
  fontSize: typeof t?.fontSize === 'number' ? `${t.fontSize}px` : undefined,
  fontWeight: typeof t?.fontWeight === 'number' ? t.fontWeight : undefined,
  color: colorOf(t?.color) ?? fallbackColor,
});

function ActionLink({ action, onClick }: { action: BannerAction; onClick: () => void }) {
  const style: CSSProperties = {
    borderRadius: action.shape === 'pill' ? 999 : 4,
    background: colorOf(action.colors?.background),
    color: colorOf(action.colors?.text),
  };
  const { type, destination } = action.navigation;
  if (type === 'internal' && SITE_PATH.test(destination))
    return (
      <Link to={destination} style={style} onClick={onClick}>
        {action.label}
      </Link>
    );
  if (type !== 'external' || !HTTPS_URL.test(destination)) return null;
  return (
    <a href={destination} target="_blank" rel="noopener noreferrer" style={style} onClick={onClick}>
      {action.label}
    </a>
  );
}

export interface BannerViewProps {
  banner: ServedBanner;
  onSeen: () => void;
  onAction: () => void;
  /** Shown only for closable banners. */
  onClose?: () => void;
  /** The popup has its own title (the dialog's): the banner's is not repeated. */
  titled?: boolean;
}

/** One banner as its admin made it (document 1 §3 Banner): texts as plain text, never HTML. */
export function BannerView({ banner, onSeen, onAction, onClose, titled = true }: BannerViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useSeenOnce(ref, onSeen, banner.id);
  const background = colorOf(banner.backgroundColor);
  const image = imageOf(banner.backgroundImageUrl);
  const ink = background ? readableOn(background) : undefined;
  const side = imageOf(banner.additionalImage?.url);
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={banner.title?.label ?? banner.name}
      data-banner={banner.placement}
      data-closable={banner.closable && !!onClose}
      style={{ backgroundColor: background, backgroundImage: image ? `url("${image}")` : undefined, color: ink }}
    >
      {side && banner.additionalImage?.placement !== 'right' ? <img src={side} alt="" /> : null}
      <Content style={{ textAlign: banner.contentPlacement === 'center' || banner.contentPlacement === 'right' ? banner.contentPlacement : undefined }}>
        {titled && banner.title ? <h2 style={textStyle(banner.title, ink)}>{banner.title.label}</h2> : null}
        {banner.description ? <p style={textStyle(banner.description, ink)}>{banner.description.label}</p> : null}
      </Content>
      {side && banner.additionalImage?.placement === 'right' ? <img src={side} alt="" /> : null}
      {banner.actions.length > 0 ? (
        <Actions>
          {banner.actions.map((action) => (
            <ActionLink key={action.label} action={action} onClick={onAction} />
          ))}
        </Actions>
      ) : null}
      {banner.closable && onClose ? (
        <Close type="button" aria-label={BANNER_TEXTS.close} onClick={onClose}>
          ×
        </Close>
      ) : null}
    </Box>
  );
}
