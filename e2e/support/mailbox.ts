import { expect } from '@playwright/test';

type Mail = { text: string; sent_at: string };

/** The messages one API process's dev mailbox holds for `email` ([] when it cannot be read). */
async function mailAt(api: string, email: string): Promise<Mail[]> {
  const response = await fetch(`${api}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) return [];
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/**
 * The messages the API's dev mailboxes hold for `email`, newest first. The dev mailbox is each process's own (in
 * memory, as a mail server's outbox would be each sender's): with two API processes, the code went out through
 * whichever took the call, so both are read.
 */
async function mailTo(email: string): Promise<Mail[]> {
  const apis = (process.env.E2E_API_URLS ?? process.env.E2E_API_URL!).split(',');
  const boxes = await Promise.all(apis.map((api) => mailAt(api, email)));
  return boxes.flat().sort((a, b) => b.sent_at.localeCompare(a.sent_at));
}

const markOf = (mail: Mail | undefined) => (mail ? `${mail.sent_at} ${mail.text}` : null);

/** The newest message `email` has had so far (null: none), to pass to latestCode so that it waits for a newer one. */
export const newestMail = async (email: string): Promise<string | null> => markOf((await mailTo(email))[0]);

/**
 * The newest sign-in code sent to `email`, read from the API's dev mailbox (the embedded mail adapter). With `after`
 * (newestMail taken before asking for a code), only a newer message counts: an address used before (the admin's) must
 * not yield its previous, spent code while the new one is on its way.
 */
export async function latestCode(email: string, after: string | null = null): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const newest = (await mailTo(email))[0];
        code = newest && markOf(newest) !== after ? (/\b(\d{6})\b/.exec(newest.text)?.[1] ?? '') : '';
        return code;
      },
      { message: `a code mailed to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
