/** The query keys of the redação screens. */
export const essayKeys = {
  all: ['essays'] as const,
  mine: () => [...essayKeys.all, 'mine'] as const,
  one: (essayId: string) => [...essayKeys.all, 'one', essayId] as const,
  prompts: () => [...essayKeys.all, 'prompts'] as const,
  reliability: () => [...essayKeys.all, 'reliability'] as const,
  quota: (groupId: string) => [...essayKeys.all, 'quota', groupId] as const,
};
