import type { CurrentUser, LoginInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const login = (input: LoginInput) => api.post<CurrentUser>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
