import type { ResetPasswordInput } from '@estudai/contract/constants';
import { api } from '../../../lib/api.ts';

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ message: string }>('/auth/reset-password', input);
