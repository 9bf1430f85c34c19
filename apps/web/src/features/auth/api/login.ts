import type { LoginInput, LoginReply } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const login = (input: LoginInput) => api.post<LoginReply>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
