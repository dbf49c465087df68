/** StoryNest's partner secret on the e2e API (PARTNER_SECRETS): specs sign arrival links with it, as the partner would. */
export const E2E_PARTNER_SECRET = 'e2e-storynest-partner-secret-0123456789';
