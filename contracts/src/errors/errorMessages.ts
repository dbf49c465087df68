/**
 * The other texts of the error catalogue (document 1 §8, document 2 §8): toasts, modal titles and fallbacks the
 * client shows without a machine code. Verbatim, spelling mistakes included.
 */
export const ERROR_MESSAGES = {
  general: {
    offline: 'Network Connection Unavailable. Check Your Connection and Try Again.',
    generic: 'Something went wrong!',
    success: 'Success!',
    alert: 'Alert!',
    copied: 'Copied to clipboard',
    errorModalTitle: 'Error',
    unsavedChanges: 'You have unsaved changes',
  },
  auth: {
    tokenRefresh: 'Unable to refresh token',
    networking: "Looks like there's a networking issue. Try reloading the page",
    authFailed: "Couldn't authenticate. Try again",
    invalidAccount: 'This account is invalid, has been deleted or has been suspended.',
  },
  chat: {
    serverBusy: 'Chat server is busy.',
    notAllowed: "You are not allowed to chat with this character. It's either private or deleted.",
    creatorBlocked: 'You have blocked the creator of this character. Please unblock creator to use this character.',
    unblockCreator: 'Unblock Creator',
    /** Cancelling a chat call rejects with this error name. */
    abortErrorName: 'AbortError',
    /** 503 and 504 give serverBusy. */
    busyStatuses: [503, 504],
    rateLimitStatus: 429,
  },
  access: {
    restricted: 'Restricted!',
    notOwner: 'You are not allowed to access this page',
  },
  search: {
    failedTitle: 'Something went wrong',
    failedHint: 'Refresh the page or try again later',
    tryAgain: 'Try Again',
  },
  username: {
    notAvailable: 'Username is not available',
  },
  character: {
    deleted: 'Chatbot deleted successfully',
    deleteFailed: 'Failed to delete chatbot. Please try again.',
    saved: 'Chatbot saved successfully',
  },
  rating: {
    submitted: 'Rating Submitted',
    failed: 'Failed to submit rating',
  },
  voice: {
    selected: 'Voice Selected',
    feedbackThanks: 'Thanks for the feedback!',
    updateFailed: 'Voice could not be updated',
    feedbackFailed: 'We could not save your feedback',
    listFailed: 'We could not retrieve voices',
  },
  settings: {
    generationSaved: 'Generations settings saved',
    modelSwitched: 'Switched to {model}',
  },
  training: {
    failed: 'There was an error submitting the training request.',
  },
  suggestion: {
    timedOut: 'Suggestion timed out. Please try again.',
    sendFailed: "Suggestions didn't sent !",
    discardFailed: 'Not able to discard the suggestions.',
  },
  microphone: {
    permissionRequired: 'Permission Required',
  },
  profile: {
    saved: 'Profile saved successfully.',
  },
  persona: {
    limitTitle: 'Limit Reached',
    limit:
      "You've reached the maximum allowance of {n} personas in the {tier} tier. To create or update more, please delete existing ones or upgrade your tier",
    defaultDelete:
      'You cannot delete the default persona, please set another persona as the default or create a new one first.',
  },
  favorite: {
    limit:
      "Oops! You've reached your limit of {{character_favorite_limit}} favorite bots. To add more, please consider removing some from your current list.",
  },
  moderation: {
    underage:
      'Underage Content Detected: This content is not allowed. Further attempts may lead to account suspension or termination.',
    explicit: 'Explicit Content Detected: NSFW content is not allowed on the product. Please remove or revise to continue.',
  },
  billing: {
    invalidCard: 'Enter a valid card, expiration date and cvv.',
  },
  supporterLink: {
    failed: 'There was an error linking your account.',
    noPledgeTitle: 'No active pledge found',
    noPledge: "We couldn't find any active pledge associated with your SubscribeStar account",
  },
  lorebook: {
    entryUpdated: 'Entry updated',
    entryAdded: 'Entry added',
    entryDeleted: 'Entry deleted',
    updated: 'Lorebook updated',
    removed: 'Lorebook removed',
  },
  report: {
    submitted: 'Report submitted successfully',
  },
  group: {
    minimumTitle: 'Minimum Chatbots Required',
    minimum: 'Groups require at least 2 chatbots to function properly.',
  },
} as const;
