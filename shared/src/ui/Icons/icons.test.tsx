import { render } from '@testing-library/react';
import { ChevronDownIcon, SearchIcon } from './icons';

describe('icons', () => {
  it.each([
    ['SearchIcon', SearchIcon, '18'],
    ['ChevronDownIcon', ChevronDownIcon, '16'],
  ] as const)('%s is decorative, with a default size and a given one', (_name, Icon, size) => {
    const { container, rerender } = render(<Icon />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', size);
    rerender(<Icon size={28} />);
    expect(container.querySelector('svg')).toHaveAttribute('width', '28');
  });
});
