// The contract between the server and the web app: schemas, types and the spec's constants.
// `@estudai/contract/constants` (constants.entry.ts) is the same without the schemas, so without zod.
import { z } from 'zod';

// Messages zod writes itself (unknown keys, wrong types) are in Brazilian Portuguese too.
z.config(z.locales.ptBR());

export * from './api.ts';
export * from './auth.ts';
export * from './chat.ts';
export * from './constants.entry.ts';
export * from './decks.ts';
export * from './essays.ts';
export * from './groups.ts';
export * from './hidden-words.ts';
export * from './imports.ts';
export * from './media.ts';
export * from './minors.ts';
export * from './moderation.ts';
export * from './notifications.ts';
export * from './posts.ts';
export * from './practice.ts';
export * from './question-reports.ts';
export * from './realtime.ts';
export * from './rooms.ts';
export * from './search.ts';
export * from './simulado-paper.ts';
export * from './simulados.ts';
export * from './study.ts';
export * from './study-plan.ts';
export * from './teaching.ts';
export * from './users.ts';
export * from './videos.ts';
export * from './waitlist.ts';
