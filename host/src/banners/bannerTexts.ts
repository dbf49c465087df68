/** Texts of the shell's banners (ours: the spec shows the birthday banner's link, not its words). */
export const BANNER_TEXTS = {
  close: 'Close banner',
  popupClose: 'Close',
  birthday: (title: string) => `${title} is on`,
  birthdayCta: 'See the offer',
  birthdayDismiss: 'Dismiss the birthday banner',
  sponsoredBy: 'Announcement',
} as const;
