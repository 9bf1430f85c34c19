import type { CurrentUser, SignupInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const signUp = (input: SignupInput) => api.post<CurrentUser>('/auth/signup', input);

export const useSignUp = () => useMutation({ mutationFn: signUp });
