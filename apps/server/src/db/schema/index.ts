// Every table, one file per feature; drizzle-kit reads this to generate migrations.

export * from './chat.ts';
export * from './decks.ts';
export * from './essays.ts';
export * from './events.ts';
export * from './groups.ts';
export * from './guardians.ts';
export * from './hidden-words.ts';
export * from './imports.ts';
export * from './media.ts';
export * from './moderation.ts';
export * from './notifications.ts';
export * from './posts.ts';
export * from './practice.ts';
export * from './privacy.ts';
export * from './reports.ts';
export * from './rooms.ts';
export * from './simulados.ts';
export * from './social.ts';
export * from './study.ts';
export * from './teaching.ts';
export * from './users.ts';
export * from './waitlist.ts';
