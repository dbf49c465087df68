/** Group chat limits (document 2 §5 "Group size", §6, §9). */
export const GROUP_CHAT_LIMITS = {
  /** "Group chat maximum members is 10 for every role." */
  maxMembers: 10,
  /** Fewer than 2 members prompts a confirmation ("Save anyway"); saving is still allowed. */
  minRecommendedMembers: 2,
  /** Group-chat Next button uses sub-character id AUTO (document 1 §6). */
  autoSubCharacterId: 'AUTO',
} as const;

/** Verbatim group chat messages (document 2 §5, §8). */
export const GROUP_CHAT_MESSAGES = {
  tooManyMembers: "You can't add more than {n} chatbots.",
  minimumTitle: 'Minimum Chatbots Required',
  minimumText: 'Groups require at least 2 chatbots to function properly.',
  saveAnyway: 'Save anyway',
} as const;
