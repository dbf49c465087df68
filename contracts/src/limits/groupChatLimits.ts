/** Group chat limits (document 2 §5 "Group size", §6, §9). */
export const GROUP_CHAT_LIMITS = {
  /** "Group chat maximum members is 10 for every role." */
  maxMembers: 10,
  /** Fewer than 2 members prompts a confirmation ("Save anyway"); saving is still allowed. */
  minRecommendedMembers: 2,
  /** Group-chat Next button uses sub-character id AUTO (document 1 §6). */
  autoSubCharacterId: 'AUTO',
  /** ours: the members page lists at most this many chatbots (own first, then favourites and matches). */
  memberOptionsMax: 50,
} as const;

/** Verbatim group chat messages (document 2 §5, §8); those the spec does not show are marked "ours". */
export const GROUP_CHAT_MESSAGES = {
  tooManyMembers: "You can't add more than {n} chatbots.",
  minimumTitle: 'Minimum Chatbots Required',
  minimumText: 'Groups require at least 2 chatbots to function properly.',
  saveAnyway: 'Save anyway',
  /** ours: the same chatbot twice in one group. */
  duplicateMember: 'A chatbot can be added only once',
} as const;

/** "You can't add more than {n} chatbots." with the maximum filled in. */
export function tooManyMembersText(max: number = GROUP_CHAT_LIMITS.maxMembers): string {
  return GROUP_CHAT_MESSAGES.tooManyMembers.replace('{n}', String(max));
}
