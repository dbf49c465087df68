import { avatarInitials, avatarSeed, avatarUrl, renderAvatarSvg } from './avatarSvg';

describe('avatar seeds', () => {
  it('builds a seed from the name words and a key, and reads the initials back', () => {
    expect(avatarSeed('Elara Moonwhisper', '3F9A2C1D')).toBe('elara-moonwhisper-3f9a2c1d');
    expect(avatarInitials('elara-moonwhisper-3f9a2c1d')).toBe('EM');
    expect(avatarSeed('Lucía', 'ab12')).toBe('lucia-ab12');
    expect(avatarInitials('lucia-ab12')).toBe('L');
    // Names in other scripts give no words: the seed is the key alone, drawn without initials.
    expect(avatarSeed('佐藤さくら', 'ab12')).toBe('ab12');
    expect(avatarInitials('ab12')).toBe('');
    expect(avatarUrl('Unit-7', 'c0ffee')).toBe('/api/avatars/unit-7-c0ffee.svg');
  });

  it('renders the same SVG for the same seed and a different one for another seed', () => {
    expect(renderAvatarSvg('elara-moonwhisper-3f9a')).toBe(renderAvatarSvg('elara-moonwhisper-3f9a'));
    expect(renderAvatarSvg('elara-moonwhisper-3f9a')).not.toBe(renderAvatarSvg('elara-moonwhisper-3f9b'));
    expect(renderAvatarSvg('elara-moonwhisper-3f9a')).toContain('>EM</text>');
  });
});
