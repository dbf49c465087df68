import { expect } from '@playwright/test';

/** The newest sign-in code sent to `email`, read from the API's dev mailbox (the embedded mail adapter). */
export async function latestCode(email: string): Promise<string> {
  const api = process.env.E2E_API_URL!;
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${api}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
        if (!response.ok) return '';
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a code mailed to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
