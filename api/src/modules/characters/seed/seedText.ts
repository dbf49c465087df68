/** Text helpers of the seed catalog generator: casing, articles, placeholders and length limits. */

export const capitalize = (s: string) => (s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s);
export const titleCase = (s: string) => s.split(' ').map(capitalize).join(' ');
export const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Fills {placeholders}; {{user}} and {{char}} are left as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/(\{\{[a-z]+\}\})|\{([A-Za-z]+)\}/g, (match, keep: string | undefined, key: string | undefined) => {
    if (keep) return keep;
    return key !== undefined && key in values ? (values[key] as string) : match;
  });
}

export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max / 2 ? space : cut.length)}…`;
}
