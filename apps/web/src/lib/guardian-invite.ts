import { GUARDIAN_INVITE_PARAM, GUARDIAN_PAGE_PATH } from '@estudai/contract/constants';

// A guardian who opens the mail's link signed out signs in (or creates an account, and confirms the
// e-mail) first: the invitation waits here and /responsavel opens again once they are in.

const STORAGE_KEY = 'guardianInvite';

export function rememberInvite(token: string) {
  try {
    localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused: the guardian opens the mail's link again after signing in.
  }
}

export function forgetInvite() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export function pendingInvite(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export const invitePath = (token: string) =>
  `${GUARDIAN_PAGE_PATH}?${GUARDIAN_INVITE_PARAM}=${encodeURIComponent(token)}`;
