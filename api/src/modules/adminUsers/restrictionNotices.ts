import type { UserRestrictionKind } from '@fable/contracts';

/** What a member is told when a restriction is put on them or lifted (the notification's title; the reason is its body). */
export const RESTRICTION_NOTICE_TITLES: Record<UserRestrictionKind, (until: string | null) => string> = {
  temporary: (until) => `Your account is on hold${until ? ` until ${until}` : ''}`,
  limited: () => 'Your account is restricted: you cannot create or edit chatbots',
  complete: () => 'Your account has been terminated',
  shadowban: (until) => `Your chatbots are left out of listings and searches${until ? ` until ${until}` : ''}`,
};

export const RESTRICTION_LIFTED_TITLE = 'A restriction on your account was lifted';

/** A date as the notice says it (UTC: the notice is the same for every reader and every push). */
export const noticeDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
