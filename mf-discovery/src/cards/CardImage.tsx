import styled from '@emotion/styled';
import { useState } from 'react';
import { CARD_TEXTS } from './cardTexts';

const Frame = styled.div`
  position: relative;
  aspect-ratio: 5 / 6;
  overflow: hidden;
  border-radius: ${({ theme }) => `${theme.radius.md} ${theme.radius.md} 0 0`};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.accent});
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 200ms ease;
  }
  img[data-blurred='true'] {
    filter: blur(18px);
    transform: scale(1.2);
  }
  .initials {
    display: grid;
    place-items: center;
    width: 100%;
    height: 100%;
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 2.4rem;
    font-weight: 800;
  }
  .nsfw {
    position: absolute;
    left: 8px;
    top: 8px;
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: rgba(0, 0, 0, 0.6);
    color: #fff;
    font-size: 0.7rem;
    font-weight: 800;
    letter-spacing: 0.04em;
  }
  @media (prefers-reduced-motion: reduce) {
    img {
      transition: none;
    }
  }
`;

function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/u)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

export interface CardImageProps {
  src: string | null;
  name: string;
  nsfw: boolean;
  blurred: boolean;
}

/**
 * The card's picture, decorative (the card's name says whose it is): the avatar, blurred under an NSFW label when the
 * viewer may not see it (document 1 §6), or initials on the brand gradient when there is none or it fails.
 */
export function CardImage({ src, name, nsfw, blurred }: CardImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src !== null && src !== '' && src !== failed;
  return (
    <Frame className="card-image" data-blurred={blurred || undefined}>
      {show ? (
        <img src={src} alt="" loading="lazy" decoding="async" draggable={false} data-blurred={blurred} onError={() => setFailed(src)} />
      ) : (
        <span className="initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      {nsfw ? <span className="nsfw">{CARD_TEXTS.nsfw}</span> : null}
    </Frame>
  );
}
