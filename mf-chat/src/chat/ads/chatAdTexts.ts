/** Texts of the chat's ads: each is labelled as one. */
export const CHAT_AD_TEXTS = { label: 'Ad' } as const;
