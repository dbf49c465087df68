import styled from '@emotion/styled';
import { useState } from 'react';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  src?: string | null;
  /** Whose avatar: gives the initials and the default alt text. */
  name: string;
  alt?: string;
  /** A preset or pixels. */
  size?: AvatarSize | number;
  shape?: 'circle' | 'rounded';
  /** The image is adult content (avatar_is_nsfw). */
  nsfw?: boolean;
  /** Blur an NSFW image: guests always, members with the blur setting (document 1 §6). */
  blur?: boolean;
  /** Offer a button that shows the blurred image; leave off where the viewer may not see it (guests). */
  revealable?: boolean;
  nsfwLabel?: string;
  revealLabel?: string;
  className?: string;
}

const PX: Record<AvatarSize, number> = { xs: 24, sm: 32, md: 48, lg: 64, xl: 96 };

/** Up to two initials from the first two words (letters or digits), "?" when there are none. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s._-]+/u).map((w) => w.replace(/^[^\p{L}\p{N}]+/u, '')).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

const Frame = styled.span<{ $px: number; $shape: 'circle' | 'rounded' }>`
  position: relative;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $px }) => $px}px;
  height: ${({ $px }) => $px}px;
  overflow: hidden;
  border-radius: ${({ $shape, theme }) => ($shape === 'circle' ? '50%' : theme.radius.md)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
    transition: filter 160ms ease;
  }
  img[data-blurred='true'] {
    filter: blur(${({ $px }) => Math.max(4, Math.round($px / 8))}px);
    transform: scale(1.15);
  }
`;

const Initials = styled.span<{ $px: number }>`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 100%;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.accent});
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: ${({ $px }) => Math.max(10, Math.round($px * 0.4))}px;
  letter-spacing: 0.02em;
  user-select: none;
`;

const Veil = styled.span<{ $px: number }>`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  background: rgba(0, 0, 0, 0.35);
  color: #fff;
  font-size: ${({ $px }) => ($px >= 64 ? '0.8rem' : '0.62rem')};
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  .veil-label {
    padding: 1px 6px;
    border-radius: 999px;
    background: rgba(0, 0, 0, 0.45);
  }
  button {
    padding: 2px 8px;
    border: 1px solid rgba(255, 255, 255, 0.7);
    border-radius: 999px;
    background: rgba(0, 0, 0, 0.35);
    color: #fff;
    font: inherit;
    text-transform: none;
    cursor: pointer;
  }
  button:hover {
    background: rgba(0, 0, 0, 0.55);
  }
`;

/**
 * A round (or rounded) avatar: the image, or initials on the brand gradient when there is no image or
 * it fails to load. An NSFW image with `blur` is blurred under an "NSFW" label (shown from 48 px up; the
 * image's alt text says it too), with a reveal button when `revealable`.
 */
export function Avatar({
  src,
  name,
  alt,
  size = 'md',
  shape = 'circle',
  nsfw = false,
  blur = false,
  revealable = false,
  nsfwLabel = 'NSFW',
  revealLabel = 'Show',
  className,
}: AvatarProps) {
  const px = typeof size === 'number' ? size : PX[size];
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const showImage = Boolean(src) && src !== failedSrc;
  const blurred = showImage && nsfw && blur && !revealed;
  const label = alt ?? name;

  return (
    <Frame $px={px} $shape={shape} className={className} data-blurred={blurred || undefined}>
      {showImage && src ? (
        <img
          src={src}
          alt={blurred ? `${label} (${nsfwLabel}, hidden)` : label}
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          draggable={false}
          data-blurred={blurred}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        // alt="" makes it decorative, as on an <img>: then no role and no name, hidden from assistive technology.
        <Initials $px={px} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
          <span aria-hidden="true">{initialsOf(name)}</span>
        </Initials>
      )}
      {blurred ? (
        <Veil $px={px}>
          {px >= 48 ? (
            <span className="veil-label" aria-hidden="true">
              {nsfwLabel}
            </span>
          ) : null}
          {revealable ? (
            <button type="button" aria-label={`${revealLabel} ${nsfwLabel} image of ${label}`} onClick={() => setRevealed(true)}>
              {revealLabel}
            </button>
          ) : null}
        </Veil>
      ) : null}
    </Frame>
  );
}
