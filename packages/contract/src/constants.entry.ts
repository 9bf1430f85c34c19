// `@estudai/contract/constants`: the spec's constants, messages and labels, the plain helpers and
// every type of the contract, without a single zod schema. A screen that validates nothing imports
// from here, so zod and the schemas load with the forms, not with the first route.

export * from './api.constants.ts';
export type * from './api.ts';
export * from './auth.constants.ts';
export type * from './auth.ts';
export * from './chat.constants.ts';
export type * from './chat.ts';
export * from './common.constants.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './essays.constants.ts';
export type * from './essays.ts';
export * from './groups.constants.ts';
export type * from './groups.ts';
export * from './launch.constants.ts';
export * from './media.constants.ts';
export type * from './media.ts';
export * from './minors.constants.ts';
export type * from './minors.ts';
export * from './notifications.constants.ts';
export type * from './notifications.ts';
export * from './posts.constants.ts';
export type * from './posts.ts';
export * from './practice.constants.ts';
export type * from './practice.ts';
export * from './question-year.constants.ts';
export type * from './realtime.ts';
export * from './rooms.constants.ts';
export type * from './rooms.ts';
export * from './search.constants.ts';
export type * from './search.ts';
export * from './simulados.constants.ts';
export type * from './simulados.ts';
export * from './study.constants.ts';
export type * from './study.ts';
export * from './study-loop.constants.ts';
export type * from './study-plan.ts';
export * from './study-sessions.constants.ts';
export * from './teaching.constants.ts';
export type * from './teaching.ts';
export * from './users.constants.ts';
export type * from './users.ts';
export * from './videos.constants.ts';
export type * from './videos.ts';
export * from './waitlist.constants.ts';
export type * from './waitlist.ts';
