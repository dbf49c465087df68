import type { BAN_SCREEN_TITLES, RestrictionKind } from '@fable/contracts';

/**
 * The ban screens' texts (document 1 §2 "Ban screen": Terminated, Temporary Hold with its countdown, Restricted, each
 * with buttons for guidelines, continue to site and contact us). The titles are the spec's; the sentences are ours.
 */
export const BAN_SCREEN_TEXTS = {
  /** contracts' BAN_SCREEN_TITLES, kept here so the shell does not load the contracts' schemas (docs/adr/0001). */
  titles: { complete: 'Terminated', temporary: 'Temporary Hold', limited: 'Restricted' } as const satisfies typeof BAN_SCREEN_TITLES,
  descriptions: {
    complete: 'Your account has been terminated for breaking our Community Guidelines. You can still read the public site.',
    temporary: 'Your account is on hold: until it ends you can read the site but not chat, create or change anything.',
    limited: 'Your account is restricted: you can keep chatting, but you cannot create, upload or edit chatbots.',
  } satisfies Record<RestrictionKind, string>,
  reasonHeading: 'Why',
  endsIn: 'Your hold ends in',
  endsAt: (when: string) => `on ${when}`,
  hours: (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
  guidelines: 'Guidelines',
  continueToSite: 'Continue to site',
  contactUs: 'Contact us',
} as const;

export const SHADOW_BAN_TEXT = {
  title: 'Your chatbots are temporarily hidden from listings',
  body: (until: string) => `Until ${until}, your chatbots are left out of other members’ listings and searches. Please read our guidelines.`,
} as const;

export const IMPERSONATION_TEXTS = {
  bar: 'Impersonate is Enabled',
  viewingAs: (username: string) => `Viewing the site as @${username}, read-only`,
  stop: 'Stop impersonating',
} as const;
