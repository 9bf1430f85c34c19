// The simulados feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { registerSimuladoJobs } from './simulados.jobs.ts';
export { simuladosRoutes } from './simulados.routes.ts';
