import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Avatar, initialsOf } from './Avatar';

describe('initialsOf', () => {
  it.each([
    ['Luna Starfall', 'LS'],
    ['luna', 'L'],
    ['@ann_marie', 'AM'],
    ['  élodie   von  trapp ', 'ÉV'],
    ['R2 D2', 'RD'],
    ['😀 Smile', 'S'],
    ['', '?'],
    ['!!!', '?'],
  ])('%p → %p', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('shows the image with the name as alt text', () => {
    renderWithProviders(<Avatar src="https://cdn.example/a.png" name="Luna" />);
    const img = screen.getByRole('img', { name: 'Luna' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', 'https://cdn.example/a.png');
  });

  it('falls back to initials without an image or when it fails to load', () => {
    const { rerender } = renderWithProviders(<Avatar name="Luna Starfall" />);
    expect(screen.getByRole('img', { name: 'Luna Starfall' })).toHaveTextContent('LS');
    rerender(<Avatar src="https://cdn.example/broken.png" name="Luna Starfall" />);
    fireEvent.error(screen.getByRole('img', { name: 'Luna Starfall' }));
    expect(screen.getByRole('img', { name: 'Luna Starfall' })).toHaveTextContent('LS');
    rerender(<Avatar src="https://cdn.example/other.png" name="Luna Starfall" />);
    expect(screen.getByRole('img', { name: 'Luna Starfall' }).tagName).toBe('IMG');
  });

  it('is decorative with alt="": no unnamed image role for assistive technology', () => {
    const { container } = renderWithProviders(<Avatar name="Luna Starfall" alt="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('LS');
  });

  it('does not blur NSFW images without blur, nor safe images with it', () => {
    const { rerender } = renderWithProviders(<Avatar src="/a.png" name="Luna" nsfw />);
    expect(screen.getByRole('img')).toHaveAttribute('data-blurred', 'false');
    rerender(<Avatar src="/a.png" name="Luna" blur />);
    expect(screen.getByRole('img')).toHaveAttribute('data-blurred', 'false');
    expect(screen.queryByText('NSFW')).not.toBeInTheDocument();
  });

  it('blurs an NSFW image under a label, without a way to reveal it by default', () => {
    renderWithProviders(<Avatar src="/a.png" name="Luna" nsfw blur size="lg" />);
    const img = screen.getByRole('img', { name: 'Luna (NSFW, hidden)' });
    expect(img).toHaveAttribute('data-blurred', 'true');
    expect(screen.getByText('NSFW')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('reveals a blurred image when revealable', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Avatar src="/a.png" name="Luna" nsfw blur revealable />);
    await user.click(screen.getByRole('button', { name: 'Show NSFW image of Luna' }));
    expect(screen.getByRole('img', { name: 'Luna' })).toHaveAttribute('data-blurred', 'false');
    expect(screen.queryByText('NSFW')).not.toBeInTheDocument();
  });

  it('takes sizes as presets or pixels', () => {
    const { rerender } = renderWithProviders(<Avatar src="/a.png" name="L" size="xl" />);
    expect(screen.getByRole('img')).toHaveAttribute('width', '96');
    rerender(<Avatar src="/a.png" name="L" size={200} />);
    expect(screen.getByRole('img')).toHaveAttribute('width', '200');
  });

  it('hides the text label on small avatars but still says it in the alt text', () => {
    renderWithProviders(<Avatar src="/a.png" name="Luna" nsfw blur size="sm" />);
    expect(screen.queryByText('NSFW')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Luna (NSFW, hidden)' })).toBeInTheDocument();
  });
});
