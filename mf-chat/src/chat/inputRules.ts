/** Chat input rules (document 1 §5): Enter sends, Shift+Enter does not, Enter does not send on mobile user agents. */
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** Whether this key press sends the message (else it types a new line, or whatever it does). */
export function shouldSendOnKey(
  event: { key: string; shiftKey: boolean; isComposing?: boolean; nativeEvent?: { isComposing?: boolean } },
  userAgent: string,
): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  if (event.isComposing || event.nativeEvent?.isComposing) return false;
  return !isMobileUserAgent(userAgent);
}

/** The send button appears only for non-blank input. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/** The text area grows with its content up to 188 px (document 1 §5, CHAT_LIMITS.textAreaMaxHeightPx). */
export function textAreaHeight(scrollHeight: number, maxPx: number): number {
  return Math.min(scrollHeight, maxPx);
}
