// The imports feature's public face (issue 42): importing and exporting questions.
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { registerImportJobs } from './imports.jobs.ts';
export { importsRoutes } from './imports.routes.ts';
