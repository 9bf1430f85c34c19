import { paths } from '../../lib/paths.ts';

// The organizers' paper views of a simulado (issue 42): routes of the simulado page itself
// (`routes.simulado` ends in `/*`), so the first route's router table stays as it was.

export const PAPER_VIEWS = { print: 'imprimir', answers: 'lancar-respostas' } as const;

export const simuladoPrintPath = (simuladoId: string) => `${paths.simulado(simuladoId)}/${PAPER_VIEWS.print}`;

export const simuladoPaperAnswersPath = (simuladoId: string) =>
  `${paths.simulado(simuladoId)}/${PAPER_VIEWS.answers}`;
