// When this browser last had a verification e-mail sent to an address, so /verify-email sends one on
// the first visit only (issue 23), not on every mount, and shows what is left of the wait instead.
const keyFor = (email: string) => `verificationSentAt:${email.toLowerCase()}`;

/** The server keeps a verification link for 24 hours; after that a visit sends a fresh one. */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function rememberVerificationSent(email: string, at: number = Date.now()): void {
  try {
    localStorage.setItem(keyFor(email), String(at));
  } catch {
    // Storage full or blocked: the page then sends on each visit, as before.
  }
}

/** When a still valid link was sent to `email` from this browser, or null. */
export function verificationSentAt(email: string, now: number = Date.now()): number | null {
  let at: number;
  try {
    at = Number(localStorage.getItem(keyFor(email)));
  } catch {
    return null;
  }
  return at > 0 && at <= now && now - at < LINK_LIFETIME_MS ? at : null;
}
