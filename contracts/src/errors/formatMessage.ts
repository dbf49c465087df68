/**
 * Fills a message template: both {name} and {{name}} placeholders (the spec uses both, e.g.
 * "{{character_favorite_limit}}" and "{n} personas in the {tier} tier"). Unknown placeholders are left as written.
 */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}|\{(\w+)\}/g, (match, double: string | undefined, single: string | undefined) => {
    const key = double ?? single ?? '';
    const value = values[key];
    return value === undefined ? match : String(value);
  });
}
