/** The site server's error body, in the API's shape: `{ code, message }` (a stable code and words for a person). */
export const problem = (code: string, message: string) => ({ code, message });
