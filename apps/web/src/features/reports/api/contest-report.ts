import type { ContestReportInput } from '@estudai/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const contestReport = ({ reportId, input }: { reportId: string; input: ContestReportInput }) =>
  api.post<{ message: string }>(`/reports/${encodeURIComponent(reportId)}/contest`, input);

export const useContestReport = () => useMutation({ mutationFn: contestReport });
