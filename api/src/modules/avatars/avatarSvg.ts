/**
 * Generated avatars: a deterministic SVG from a seed (colours, shapes, initials), served by GET /api/avatars/:seed.svg.
 * A seed is lower-case words joined by hyphens; the last word is a key that makes it unique, the words before it
 * give the initials (`elara-moonwhisper-3f9a2c1d` → "EM"). A seed of one word draws no initials.
 */
export const AVATAR_SEED_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+){0,7}$/;
export const AVATAR_SEED_MAX = 80;

/** Lower-case ASCII words of a name (accents dropped; other scripts give none). */
export function slugWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** The seed for a name and a unique key (hex or alphanumeric). */
export function avatarSeed(name: string, key: string): string {
  const words = slugWords(name).slice(0, 3);
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 16) || '0';
  const seed = [...words, k].join('-');
  return seed.length <= AVATAR_SEED_MAX ? seed : k;
}

/** The URL path of the avatar for a name and key (stored in avatar_url). */
export function avatarUrl(name: string, key: string): string {
  return `/api/avatars/${avatarSeed(name, key)}.svg`;
}

export function avatarInitials(seed: string): string {
  const words = seed.split('-').slice(0, -1);
  return words
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A small deterministic stream of numbers in [0, 1) from the seed (FNV-1a, then xorshift-multiply steps). */
function stream(seed: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
    h ^= h >>> 15;
    h = (h + 0x9e3779b9) | 0;
    return (h >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The SVG document for a seed (256×256). Only characters of the validated seed reach the markup. */
export function renderAvatarSvg(seed: string): string {
  const next = stream(seed);
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 40 + Math.floor(next() * 100)) % 360;
  const sat = 55 + Math.floor(next() * 30);
  const shapes: string[] = [];
  const count = 3 + Math.floor(next() * 4);
  for (let s = 0; s < count; s++) {
    const kind = Math.floor(next() * 3);
    const h = (hue + Math.floor(next() * 180)) % 360;
    const fill = `hsl(${h} ${sat}% ${45 + Math.floor(next() * 35)}%)`;
    const opacity = round(0.25 + next() * 0.45);
    const x = round(next() * 256);
    const y = round(next() * 256);
    const size = round(30 + next() * 110);
    if (kind === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${round(size / 2)}" fill="${fill}" fill-opacity="${opacity}"/>`);
    } else if (kind === 1) {
      const angle = Math.floor(next() * 90);
      shapes.push(
        `<rect x="${round(x - size / 2)}" y="${round(y - size / 2)}" width="${size}" height="${size}" rx="${round(size / 6)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`,
      );
    } else {
      const points = [0, 1, 2]
        .map((p) => {
          const a = (p * 2 * Math.PI) / 3 + next();
          return `${round(x + Math.cos(a) * size * 0.6)},${round(y + Math.sin(a) * size * 0.6)}`;
        })
        .join(' ');
      shapes.push(`<polygon points="${points}" fill="${fill}" fill-opacity="${opacity}"/>`);
    }
  }
  const initials = avatarInitials(seed).replace(/[^A-Z0-9]/g, '');
  const text = initials
    ? `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${initials.length > 1 ? 96 : 112}" font-weight="600" fill="#ffffff" fill-opacity="0.92">${initials}</text>`
    : '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} ${sat}% 38%)"/><stop offset="1" stop-color="hsl(${hue2} ${sat}% 24%)"/></linearGradient></defs>`,
    '<rect width="256" height="256" fill="url(#g)"/>',
    ...shapes,
    text,
    '</svg>',
  ].join('');
}
