import { z } from 'zod';

/** The `user` field of Apple's first form post: {"name":{"firstName":…,"lastName":…},"email":…}. */
const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

/** The person's name from Apple's `user` field, or null when it holds none (or is not that JSON). */
export function nameFromAppleUser(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = appleUserSchema.safeParse(json);
  if (!parsed.success || !parsed.data.name) return null;
  const name = [parsed.data.name.firstName, parsed.data.name.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  return name === '' ? null : name;
}
