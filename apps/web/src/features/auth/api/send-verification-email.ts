import type { EmailOnlyInput } from '@estudai/contract/constants';
import { api } from '../../../lib/api.ts';

export const sendVerificationEmail = (input: EmailOnlyInput) =>
  api.post<{ message: string }>('/auth/send-verification-email', input);
