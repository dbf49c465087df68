// Side navigation open state and create-dropdown state are remembered locally (document 1 §2).
const OPEN_KEY = 'fable.sideNav.open';
const CREATE_KEY = 'fable.sideNav.createOpen';

function read(key: string): boolean | null {
  try {
    const value = window.localStorage.getItem(key);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

function write(key: string, value: boolean): void {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Storage full or blocked: the state just is not remembered.
  }
}

/** Default open on non-mobile. */
export function loadSideNavOpen(): boolean {
  return read(OPEN_KEY) ?? !window.matchMedia?.('(max-width: 767px)').matches;
}
export const saveSideNavOpen = (open: boolean) => write(OPEN_KEY, open);
export const loadCreateOpen = () => read(CREATE_KEY) ?? false;
export const saveCreateOpen = (open: boolean) => write(CREATE_KEY, open);
