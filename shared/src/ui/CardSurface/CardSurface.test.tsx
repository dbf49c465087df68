import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CardLink, CardSurface } from './CardSurface';

describe('CardSurface and CardLink', () => {
  it('is an article named by its linked name, the link going where it says', async () => {
    const onClick = jest.fn();
    renderWithProviders(
      <CardSurface aria-labelledby="name" data-disabled="true">
        <h3 id="name">
          <CardLink to="/chat/aria" focusInside onClick={onClick}>
            Aria
          </CardLink>
        </h3>
      </CardSurface>,
    );
    const card = screen.getByRole('article', { name: 'Aria' });
    expect(card).toHaveAttribute('data-disabled', 'true');
    const link = screen.getByRole('link', { name: 'Aria' });
    expect(link).toHaveAttribute('href', '/chat/aria');
    expect(link).not.toHaveAttribute('focusinside');
    expect(link).not.toHaveAttribute('$inside');
    await userEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  // jsdom computes no pseudo-elements: read the rules emotion wrote for the link's class.
  const rulesOf = (element: HTMLElement) => {
    const rules = Array.from(document.styleSheets, (sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)).flat();
    return (selector: string) => rules.find((rule) => Array.from(element.classList).some((name) => rule.startsWith(`.${name}${selector} {`)));
  };

  it('stretches the link over the card, its focus ring outside the edge or, when told, inside', () => {
    renderWithProviders(
      <CardSurface>
        <CardLink to="/x">X</CardLink>
        <CardLink to="/y" focusInside>
          Y
        </CardLink>
      </CardSurface>,
    );
    expect(getComputedStyle(screen.getByRole('article')).position).toBe('relative');
    const outside = rulesOf(screen.getByRole('link', { name: 'X' }));
    const inside = rulesOf(screen.getByRole('link', { name: 'Y' }));
    expect(outside('::after')).toMatch(/position: absolute; inset: 0;/);
    expect(outside(':focus-visible::after')).toMatch(/outline-offset: 2px;/);
    expect(inside(':focus-visible::after')).toMatch(/outline-offset: -2px;/);
  });
});
