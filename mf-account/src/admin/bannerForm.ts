import { z } from 'zod';
import {
  BannerAudienceSchema,
  BannerDraftSchema,
  BannerPlacementSchema,
  TierSchema,
  type AdminBanner,
  type Banner,
  type BannerDraft,
} from '@fable/contracts';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';

const T = ADMIN_BANNERS_TEXTS.form;

/**
 * What the banner form holds: the draft's fields as an admin types them (lists comma-separated, times as the
 * datetime-local inputs give them, in the viewer's time zone, one optional button). `bannerFormSchema` turns them into
 * the draft and checks it with the contracts' BannerDraftSchema, its messages put next to the fields.
 */
export const BannerFormValuesSchema = z.object({
  name: z.string(),
  placement: BannerPlacementSchema,
  title: z.string(),
  description: z.string(),
  backgroundColor: z.string(),
  withAction: z.boolean(),
  actionLabel: z.string(),
  actionShape: z.enum(['square', 'pill']),
  actionType: z.enum(['internal', 'external']),
  actionDestination: z.string(),
  closable: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  applications: z.string(),
  tiers: z.array(TierSchema),
  signedIn: BannerAudienceSchema,
  screens: z.string(),
});
export type BannerFormValues = z.infer<typeof BannerFormValuesSchema>;
export type BannerField = keyof BannerFormValues;
/** The draft as the API takes it (defaults filled in, texts trimmed). */
export type BannerDraftBody = z.output<typeof BannerDraftSchema>;

export const DEFAULT_BANNER_COLOR = '#7c5cff';
const COLOR = /^#[0-9a-fA-F]{6}$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input shows it: the viewer's local time, to the minute. */
export function localInputOf(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO timestamp; null when it is none. */
export function isoOfLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** "home, chats," → ["home", "chats"]. */
export const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A new banner's form: starting now, for everyone everywhere, closable. */
export function emptyBannerValues(now: Date = new Date()): BannerFormValues {
  return {
    name: '',
    placement: 'top',
    title: '',
    description: '',
    backgroundColor: DEFAULT_BANNER_COLOR,
    withAction: false,
    actionLabel: '',
    actionShape: 'pill',
    actionType: 'internal',
    actionDestination: '',
    closable: true,
    startsAt: localInputOf(now),
    endsAt: '',
    applications: '',
    tiers: [],
    signedIn: 'everyone',
    screens: '',
  };
}

/** The form of an existing banner. */
export function bannerValuesOf({ banner, starts_at, ends_at, targeting }: AdminBanner): BannerFormValues {
  const action = banner.actions[0];
  return {
    name: banner.name,
    placement: banner.placement,
    title: banner.title?.label ?? '',
    description: banner.description?.label ?? '',
    backgroundColor: banner.backgroundColor && COLOR.test(banner.backgroundColor) ? banner.backgroundColor.toLowerCase() : DEFAULT_BANNER_COLOR,
    withAction: action !== undefined,
    actionLabel: action?.label ?? '',
    actionShape: action?.shape ?? 'pill',
    actionType: action?.navigation.type ?? 'internal',
    actionDestination: action?.navigation.destination ?? '',
    closable: banner.closable,
    startsAt: localInputOf(new Date(starts_at)),
    endsAt: ends_at ? localInputOf(new Date(ends_at)) : '',
    applications: targeting.applications.join(', '),
    tiers: [...targeting.tiers],
    signedIn: targeting.signed_in,
    screens: targeting.screens.join(', '),
  };
}

type DraftBanner = BannerDraft['banner'];

/** A text of the banner: the new label with the old one's style; none when blank. */
const textOf = (label: string, old: Banner['title']) => (label.trim() === '' ? undefined : ({ ...old, label } as DraftBanner['title']));

/** A time of the form as ISO: the saved one when the field still shows it (no drift to the minute), else the field's. */
const timeOf = (local: string, saved: string | null | undefined) => (saved && localInputOf(new Date(saved)) === local ? saved : (isoOfLocal(local) ?? ''));

/**
 * The draft the form's values make. Editing, what the form does not show (images, platforms, text styles, a second
 * button) is kept from `base`.
 */
export function draftOf(values: BannerFormValues, base?: AdminBanner): BannerDraft {
  const old = base?.banner;
  const [oldAction, ...moreActions] = old?.actions ?? [];
  const action = { ...oldAction, label: values.actionLabel, shape: values.actionShape, navigation: { type: values.actionType, destination: values.actionDestination } };
  const banner = {
    ...old,
    name: values.name,
    placement: values.placement,
    title: textOf(values.title, old?.title),
    description: textOf(values.description, old?.description),
    backgroundColor: values.backgroundColor,
    closable: values.closable,
    actions: values.withAction ? [action, ...moreActions] : moreActions,
  } as DraftBanner;
  return {
    banner,
    starts_at: timeOf(values.startsAt, base?.starts_at),
    ends_at: values.endsAt.trim() === '' ? null : timeOf(values.endsAt, base?.ends_at),
    targeting: { applications: listOf(values.applications), tiers: values.tiers, signed_in: values.signedIn, screens: listOf(values.screens) },
  };
}

const BANNER_FIELDS: Partial<Record<string, BannerField>> = {
  name: 'name',
  placement: 'placement',
  title: 'title',
  description: 'description',
  backgroundColor: 'backgroundColor',
  closable: 'closable',
};
const TARGETING_FIELDS: Partial<Record<string, BannerField>> = { applications: 'applications', tiers: 'tiers', signed_in: 'signedIn', screens: 'screens' };
const ACTION_FIELDS: Partial<Record<string, BannerField>> = { label: 'actionLabel', shape: 'actionShape', navigation: 'actionDestination' };

/** The form field of a place in the draft ("banner.actions.0.navigation.destination" → actionDestination). */
export function fieldOfPath(path: readonly PropertyKey[]): BannerField {
  const [head, second, , fourth] = path.map(String);
  if (head === 'starts_at') return 'startsAt';
  if (head === 'ends_at') return 'endsAt';
  if (head === 'targeting') return TARGETING_FIELDS[second ?? ''] ?? 'applications';
  if (head === 'banner' && second === 'actions') return ACTION_FIELDS[fourth ?? ''] ?? 'actionLabel';
  if (head === 'banner') return BANNER_FIELDS[second ?? ''] ?? 'title';
  return 'name';
}

/** An issue's message, naming the entry of a comma-separated list it is about. */
function messageOf(issue: z.core.$ZodIssue, values: BannerFormValues): string {
  const [head, list, index] = issue.path;
  if (head === 'targeting' && (list === 'applications' || list === 'screens') && typeof index === 'number') {
    const entry = listOf(values[list])[index];
    if (entry !== undefined) return `"${entry}": ${issue.message}`;
  }
  return issue.message;
}

/** The form's schema: the draft of its values must pass BannerDraftSchema; the submit handler gets that draft. */
export function bannerFormSchema(base?: AdminBanner) {
  return BannerFormValuesSchema.superRefine((values, ctx) => {
    const shown = new Set<BannerField>();
    const own = (field: BannerField, message: string) => {
      ctx.addIssue({ code: 'custom', path: [field], message });
      shown.add(field);
    };
    if (isoOfLocal(values.startsAt) === null) own('startsAt', T.startsRequired);
    if (values.withAction && values.actionLabel.trim() === '') own('actionLabel', T.actionLabelRequired);
    const result = BannerDraftSchema.safeParse(draftOf(values, base));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = fieldOfPath(issue.path);
      if (shown.has(field)) continue;
      shown.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: messageOf(issue, values) });
    }
  }).transform((values): BannerDraftBody => BannerDraftSchema.parse(draftOf(values, base)));
}
