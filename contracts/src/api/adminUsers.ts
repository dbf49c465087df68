import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../entities/common';
import { TierSchema } from '../permissions/permissions';
import { adminPageSchema } from './adminPage';
import { defineCall } from './apiCall';
import { UserRestrictionKindSchema } from './users';

/**
 * Trust and safety's side of accounts (ours: document 1 §4 names the restriction kinds, §6 their permissions, §7
 * `GET users/moderation`; the tool that sets them is not shown): find a member, restrict them (temporary with an
 * expiry, limited, complete, or a temporary shadow-ban), lift a restriction, and read the append-only record of what
 * admins did. Admins only, on their application's members; an admin is never restricted or impersonated.
 */

export const ADMIN_USERS_PAGE_SIZE = 24 as const;

/** Temporary holds and shadow-bans last 1 hour to 365 days. */
export const RESTRICTION_HOURS = { min: 1, max: 365 * 24 } as const;
/** The statement of reasons the member reads (document-less; the EU DSA's art. 17 asks for one). */
export const RESTRICTION_REASON = { min: 3, max: 1000 } as const;

export const RESTRICTION_MESSAGES = {
  hoursRequired: 'A temporary hold or shadow-ban needs its length in hours',
  hoursNotAllowed: 'Only a temporary hold or shadow-ban has a length',
  reasonRequired: 'Say why: the member reads this statement of reasons',
} as const;

export const AdminUsersQuerySchema = z.object({
  /** Part of a username or an email, or a user id; empty lists the newest members. */
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const UserIdParamsSchema = z.object({ userId: z.string().uuid() });
export const RestrictionParamsSchema = z.object({ userId: z.string().uuid(), restrictionId: z.string().uuid() });

/** A restriction as admins see it: active or past, who set it and who lifted it. */
export const AdminRestrictionSchema = z.object({
  id: IdSchema,
  kind: UserRestrictionKindSchema,
  reason: z.string().nullable(),
  expires_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  created_by: z.string().nullable(),
  lifted_at: TimestampSchema.nullable(),
  lifted_by: z.string().nullable(),
  lift_reason: z.string().nullable(),
  active: z.boolean(),
});
export type AdminRestriction = z.infer<typeof AdminRestrictionSchema>;

/** A member as admins see them in a list. */
export const AdminUserSummarySchema = z.object({
  id: IdSchema,
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  tier: TierSchema,
  is_admin: z.boolean(),
  /** Kinds of the active restrictions. */
  restricted: z.array(UserRestrictionKindSchema),
  created_at: TimestampSchema,
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUsersSchema = adminPageSchema(AdminUserSummarySchema, ADMIN_USERS_PAGE_SIZE);
export type AdminUsers = z.infer<typeof AdminUsersSchema>;

export const ADMIN_ACTIONS = [
  'restriction_added',
  'restriction_lifted',
  'reports_dismissed',
  'fixes_required',
  'chatbot_taken_down',
  'appeal_upheld',
  'appeal_reversed',
  'reporter_muted',
  'reporter_unmuted',
] as const;
export const AdminActionKindSchema = z.enum(ADMIN_ACTIONS);

/** One line of the append-only record of what admins did. */
export const AdminActionSchema = z.object({
  id: z.number().int(),
  action: AdminActionKindSchema,
  actor_username: z.string().nullable(),
  target_user_id: z.string().nullable(),
  target_username: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: TimestampSchema,
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

/** A member, their restrictions (newest first) and what admins did to them (newest first). */
export const AdminUserDetailSchema = z.object({
  user: AdminUserSummarySchema,
  restrictions: z.array(AdminRestrictionSchema),
  actions: z.array(AdminActionSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const RestrictBodySchema = z
  .object({
    kind: UserRestrictionKindSchema,
    hours: z.number().int().min(RESTRICTION_HOURS.min).max(RESTRICTION_HOURS.max).optional(),
    reason: z.string().trim().min(RESTRICTION_REASON.min, RESTRICTION_MESSAGES.reasonRequired).max(RESTRICTION_REASON.max),
  })
  .superRefine((body, ctx) => {
    const timed = body.kind === 'temporary' || body.kind === 'shadowban';
    if (timed && body.hours === undefined) ctx.addIssue({ code: 'custom', path: ['hours'], message: RESTRICTION_MESSAGES.hoursRequired });
    if (!timed && body.hours !== undefined) ctx.addIssue({ code: 'custom', path: ['hours'], message: RESTRICTION_MESSAGES.hoursNotAllowed });
  });
export type RestrictBody = z.input<typeof RestrictBodySchema>;

export const LiftRestrictionBodySchema = z.object({
  reason: z.string().trim().min(RESTRICTION_REASON.min, RESTRICTION_MESSAGES.reasonRequired).max(RESTRICTION_REASON.max),
});
export type LiftRestrictionBody = z.input<typeof LiftRestrictionBodySchema>;

export const ADMIN_USER_ERROR_CODES = {
  USER_NOT_FOUND: 'user_not_found',
  ADMIN_PROTECTED: 'admin_protected',
  RESTRICTION_NOT_FOUND: 'restriction_not_found',
  ALREADY_LIFTED: 'restriction_already_lifted',
  IMPERSONATION_READ_ONLY: 'impersonation_read_only',
  ALREADY_RESTRICTED: 'already_restricted',
} as const;

export const ADMIN_USER_ERRORS = {
  [ADMIN_USER_ERROR_CODES.USER_NOT_FOUND]: { status: 404, message: 'User not found' },
  [ADMIN_USER_ERROR_CODES.ADMIN_PROTECTED]: { status: 403, message: 'Admins cannot be restricted or impersonated.' },
  [ADMIN_USER_ERROR_CODES.RESTRICTION_NOT_FOUND]: { status: 404, message: 'Restriction not found' },
  [ADMIN_USER_ERROR_CODES.ALREADY_LIFTED]: { status: 409, message: 'This restriction has already been lifted.' },
  [ADMIN_USER_ERROR_CODES.ALREADY_RESTRICTED]: { status: 409, message: 'This member already has an active restriction of this kind: lift it first to change it.' },
  [ADMIN_USER_ERROR_CODES.IMPERSONATION_READ_ONLY]: {
    status: 403,
    message: 'Impersonation is read-only: nothing can be changed while viewing the site as another member.',
  },
} as const;

export const adminUserCalls = {
  list: defineCall({ method: 'GET', path: '/admin/users', access: 'admin', query: AdminUsersQuerySchema, response: AdminUsersSchema }),
  get: defineCall({ method: 'GET', path: '/admin/users/:userId', access: 'admin', params: UserIdParamsSchema, response: AdminUserDetailSchema }),
  restrict: defineCall({
    method: 'POST',
    path: '/admin/users/:userId/restrictions',
    access: 'admin',
    params: UserIdParamsSchema,
    body: RestrictBodySchema,
    response: AdminUserDetailSchema,
  }),
  lift: defineCall({
    method: 'POST',
    path: '/admin/users/:userId/restrictions/:restrictionId/lift',
    access: 'admin',
    params: RestrictionParamsSchema,
    body: LiftRestrictionBodySchema,
    response: AdminUserDetailSchema,
  }),
} as const;
