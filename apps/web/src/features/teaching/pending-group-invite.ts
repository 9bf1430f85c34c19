// Someone who opens a group's invite link signed out signs in (or creates an account) first: the
// link waits here and opens again once they are in.

const STORAGE_KEY = 'groupInvite';

export function rememberGroupInvite(code: string) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage refused: they open the link again after signing in.
  }
}

export function forgetGroupInvite() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export function pendingGroupInvite(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
