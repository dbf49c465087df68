/** Layout and notification constants (document 1 §4 "Notification", §9). */
export const NOTIFICATION_DURATIONS_MS = {
  short: 2000,
  normal: 3000,
  long: 5000,
  /** Stays until closed. */
  infinite: null,
} as const;

/** A banner counts as viewed at 50% visibility (document 1 §2); the chat's ads count the same way. */
export const BANNER_VIEWED_VISIBILITY = 0.5;

/** Card grid and image sizes (document 1 §9). */
export const LAYOUT_LIMITS = {
  cardGrid: { minColumnPx: 160, gapPx: 12 },
  cardGridAlt: { minColumnPx: 164.41, gapPx: 20 },
  tagPanelWidthPx: { desktop: 220, drawer: 274 },
  avatarPresets: [
    { width: 48, height: 48 },
    { width: 256, height: 256 },
    { width: 400, height: 400 },
    { width: 500, height: 600 },
  ],
  preview: { widthPx: 200, gapPx: 10 },
  imagePreviewSizesPx: [404, 80],
  /** Android install guide steps (document 1 §2). */
  androidInstallSteps: 5,
} as const;
