import styled from '@emotion/styled';

const layoutProps = new Set(['width', 'gap', 'top', 'centered', 'large', 'wideIntro']);
const notLayout = { shouldForwardProp: (prop: string) => !layoutProps.has(prop) };

/**
 * The column of the billing remote's marketing pages (subscribe, crypto, plan comparison, sale): centred, at most
 * `width` pixels wide, its parts stacked `gap` pixels apart (and centred with `centered`); `top` is the space above.
 */
export const PageColumn = styled('div', notLayout)<{ width: number; gap: number; top?: number; centered?: boolean }>`
  max-width: ${({ width }) => width}px;
  margin: 0 auto;
  padding: ${({ top = 24 }) => top}px 0 48px;
  display: flex;
  flex-direction: column;
  ${({ centered }) => (centered ? 'align-items: center;' : '')}
  gap: ${({ gap }) => gap}px;
  color: ${({ theme }) => theme.colors.text};
`;

const IntroHeader = styled('header', notLayout)<{ large: boolean; wideIntro: boolean }>`
  text-align: center;
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.6rem, 4vw, ${({ large }) => (large ? '2.3rem' : '2.2rem')});
  }
  p {
    margin: 0 auto;
    max-width: ${({ wideIntro }) => (wideIntro ? 'none' : '620px')};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A marketing page's header: its title and, under it, a muted intro line, both centred. `large`: the subscribe page's
 * bigger title; `wideIntro`: the intro line may take the page's whole width (the plan comparison's, on one line).
 */
export function PageIntro({ title, intro, large = false, wideIntro = false }: { title: string; intro: string; large?: boolean; wideIntro?: boolean }) {
  return (
    <IntroHeader large={large} wideIntro={wideIntro}>
      <h1>{title}</h1>
      <p>{intro}</p>
    </IntroHeader>
  );
}

/**
 * The frame of the billing remote's task pages (checkout, portal): centred, at most `width` pixels wide, with a
 * left-aligned title.
 */
export const PageFrame = styled('div', notLayout)<{ width: number }>`
  max-width: ${({ width }) => width}px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  color: ${({ theme }) => theme.colors.text};
  h1 {
    margin: 0 0 20px;
    font-size: clamp(1.5rem, 4vw, 2rem);
  }
`;
