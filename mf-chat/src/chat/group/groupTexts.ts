/**
 * Texts of a group chat's parts of the chat screen (document 1 §2 "sub-character quick-pick strip (group chat)",
 * "Enable/Disable Auto Response (group chats, flag-gated)", "upgrade prompts for … auto response"; §6 "Group-chat Next
 * button uses sub-character id AUTO"). Menu entries verbatim; the rest ours.
 */
export const GROUP_TEXTS = {
  enableAutoResponse: 'Enable Auto Response',
  disableAutoResponse: 'Disable Auto Response',
  /** The strip (ours). */
  strip: 'Who speaks next',
  next: 'Next',
  nextHint: 'Let the group choose who speaks next',
  speakNow: (name: string) => `${name} speaks next`,
  empty: 'Say something to the group, or pick who speaks first.',
  autoResponseOn: 'Auto Response is on: the members answer one another.',
  autoResponseStop: 'Stop',
  /** The upgrade prompt (ours: the spec names it, not its words). */
  upgradeTitle: 'Auto Response',
  upgradeText: 'With Auto Response the members of a group chat answer one another after each reply, without you pressing Next. It comes with the top tier.',
  upgrade: 'Upgrade',
  close: 'Close',
} as const;
