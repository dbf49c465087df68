import { readLocalStorage, writeLocalStorage } from '@fable/shared';

/**
 * What visitors closed (document 1 §2, §9): a closable banner stays closed for the session per screen and placement
 * (session storage); the birthday banner's dismissal is kept in local storage, per sale (next year's shows again).
 */
const CLOSED_KEY = 'fable.closedBanners';
export const BIRTHDAY_DISMISSED_KEY = 'fable.birthdayBannerDismissed';

const slot = (screen: string, placement: string) => `${screen}:${placement}`;

function readClosed(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export const isClosed = (screen: string, placement: string): boolean => readClosed().includes(slot(screen, placement));

export function rememberClosed(screen: string, placement: string): void {
  try {
    sessionStorage.setItem(CLOSED_KEY, JSON.stringify([...new Set([...readClosed(), slot(screen, placement)])]));
  } catch {
    // Storage refused (private mode, quota): it closes for this page only.
  }
}

export const birthdayDismissed = (endsAt: string): boolean => readLocalStorage<string | null>(BIRTHDAY_DISMISSED_KEY, null) === endsAt;
export const dismissBirthday = (endsAt: string): void => writeLocalStorage(BIRTHDAY_DISMISSED_KEY, endsAt);
