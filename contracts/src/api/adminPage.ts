import { z } from 'zod';
import { CountSchema } from '../entities/common';

/**
 * A page of an admin list (the moderation queue, the open reports): its items, how many there are in all, which page,
 * and the list's fixed page size. Not exported from the package: each list exports its own schema.
 */
export const adminPageSchema = <Item extends z.ZodType, PerPage extends number>(item: Item, perPage: PerPage) =>
  z.object({
    items: z.array(item),
    found: CountSchema,
    page: z.number().int().min(1),
    per_page: z.literal(perPage),
  });
