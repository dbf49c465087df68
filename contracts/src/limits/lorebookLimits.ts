/** Lorebook limits (document 2 §5 "Lorebook", "Lorebook entry", §9). */
export const LOREBOOK_LIMITS = {
  nameMin: 3,
  nameMax: 25,
  descriptionMin: 3,
  descriptionMax: 100,
  tagsMin: 2,
  /** "the tag maximum is not shown": we use the character maximum, 12. */
  tagsMax: 12,
  entriesMin: 1,
  entriesMax: 100,
  entryNameMin: 3,
  entryNameMax: 50,
  keywordsMin: 2,
  keywordsMax: 12,
  keywordMax: 100,
  entryContentMin: 3,
  entryContentMax: 1000,
  entryListScrollHeightPx: 330,
  /**
   * ours: lorebooks one chatbot uses at once (the chat reads every entry of each on every turn, and the engine's
   * budget is shared: more books only crowd each other out).
   */
  perChatbotMax: 5,
  /** ours: the JSON of one entry's `extensions` (an imported entry's other fields and what was fitted to our limits). */
  entryExtensionsMaxBytes: 64 * 1024,
} as const;

/** Verbatim lorebook messages (document 2 §5). Min-length messages are not shown: ours. */
export const LOREBOOK_MESSAGES = {
  required: 'This field is required',
  /** ours. */
  tooShort: 'At least 3 characters required',
  /** ours. */
  nameTooLong: 'Name must be 25 characters or less',
  /** ours. */
  descriptionTooLong: 'Description must be 100 characters or less',
  tagsMin: 'At least 2 tags are required',
  entriesMin: 'At least 1 entry is required',
  /** ours. */
  entriesMax: 'A lorebook can hold at most 100 entries',
  guidelinesRequired: 'You must agree to the community guidelines',
  entryNameTooLong: 'Name must be 50 characters or less',
  keywordsMin: 'At least 2 keyword is required',
  /** ours. */
  keywordsMax: 'You can add at most 12 keywords',
  /** ours. */
  keywordTooLong: 'Keyword must be 100 characters or less',
  entryContentTooLong: 'Content must be 1000 characters or less',
} as const;
