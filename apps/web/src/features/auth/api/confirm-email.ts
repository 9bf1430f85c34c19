import type { ConfirmEmailInput } from '@estudai/contract/constants';
import { api } from '../../../lib/api.ts';

export const confirmEmail = (input: ConfirmEmailInput) =>
  api.post<{ message: string }>('/auth/confirm-email', input);
