import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { BackToTop } from './BackToTop';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('BackToTop', () => {
  beforeEach(() => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 0;
    });
    window.scrollTo = jest.fn();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    scrollTo(0);
  });

  it('shows only after scrolling past the threshold, and scrolls to the top', () => {
    renderWithProviders(<BackToTop threshold={1000} />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(1000);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(1001);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});
