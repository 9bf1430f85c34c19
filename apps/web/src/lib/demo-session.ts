/**
 * The landing page's 'Testar Demo' signs in to a shared demo account (issue 36): this tab remembers
 * which, so the app can say so in a banner while that account is the one signed in.
 */
const DEMO_SESSION_KEY = 'estudai.demo-session';

export function rememberDemoSession(email: string): void {
  try {
    sessionStorage.setItem(DEMO_SESSION_KEY, email);
  } catch {
    // Storage refused (private mode): no banner, nothing else lost.
  }
}

/** Whether `email` is the demo account this tab signed in to with 'Testar Demo'. */
export function isDemoSession(email: string | undefined): boolean {
  try {
    return email !== undefined && sessionStorage.getItem(DEMO_SESSION_KEY) === email;
  } catch {
    return false;
  }
}
