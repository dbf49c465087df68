/** An environment variable's value, trimmed; undefined when it is unset or blank (every *Config reader's rule). */
export function envValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
