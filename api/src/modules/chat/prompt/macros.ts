/**
 * Character-card macros: {{char}} is the character's name and {{user}} the user's (persona) name, any case;
 * the older <BOT> and <USER> spellings too.
 */
export function applyMacros(text: string, names: { char: string; user: string }): string {
  return text.replace(/\{\{\s*(char|user)\s*\}\}|<(BOT|USER)>/gi, (_, curly: string | undefined, angle: string | undefined) => {
    const which = (curly ?? angle ?? '').toLowerCase();
    return which === 'char' || which === 'bot' ? names.char : names.user;
  });
}
