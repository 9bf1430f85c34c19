/** Spec §9: the pull follows half the finger's movement, up to 80 px; above 60 px it refreshes. */
const PULL_MAX_PX = 80;
export const PULL_TRIGGER_PX = 60;

export const pullDistance = (fingerMovement: number) =>
  Math.min(Math.max(fingerMovement, 0) / 2, PULL_MAX_PX);

export const pullPrompt = (distance: number, refreshing: boolean) => {
  if (refreshing) return 'Atualizando...';
  return distance > PULL_TRIGGER_PX ? 'Solte para atualizar' : 'Puxe para atualizar';
};
