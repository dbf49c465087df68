import { z } from 'zod';

/** Ids are opaque strings (document 1 §3). */
export const IdSchema = z.string().min(1);
export type Id = z.infer<typeof IdSchema>;

/** Timestamps travel as ISO 8601 strings with an offset or Z (createdAt, updatedAt, expires_at, recur_at, …). */
export const TimestampSchema = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A URL of an uploaded asset (avatar, image, audio): absolute http(s) or a path on the site's origin. */
export const AssetUrlSchema = z.string().regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or an absolute path');
export type AssetUrl = z.infer<typeof AssetUrlSchema>;

/** A non-negative whole count (num_messages, token_count, message_count, …). */
export const CountSchema = z.number().int().nonnegative();

/** ISO 4217 currency code, upper case (document 2 §3; default USD). */
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/);

/** ISO 3166-1 alpha-2 country code (document 2 §3 "Personal info": country (iso2)). */
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

/** A cursor page: the entry flagged is_last_id gives the next cursor (document 1 §7). */
export const LastIdQuerySchema = z.object({ last_id: IdSchema.optional() });
