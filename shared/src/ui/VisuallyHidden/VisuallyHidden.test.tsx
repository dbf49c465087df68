import { render, screen } from '@testing-library/react';
import { VisuallyHidden } from './VisuallyHidden';

it('keeps its text in the accessible name', () => {
  render(
    <button type="button">
      <span aria-hidden="true">×</span>
      <VisuallyHidden>Close</VisuallyHidden>
    </button>,
  );
  expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
});
