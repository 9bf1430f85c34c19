// The simulados feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export {
  defaultItemParams,
  type ItemParams,
  normalQuadrature,
  populationShareCorrect,
  probabilityCorrect,
  type Quadrature,
} from './psychometrics.ts';
export { mulberry32, normalSampler } from './random.ts';
export { subscribeSimulados } from './simulados.events.ts';
export { registerSimuladoJobs } from './simulados.jobs.ts';
export { simuladosRoutes } from './simulados.routes.ts';
