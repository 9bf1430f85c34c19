/**
 * Every demo account signs in with this password (README lists the accounts), except on a public
 * (https) address, where the boot asks for DEMO_PASSWORD instead (config.ts).
 */
export const DEMO_PASSWORD = 'Estudai@2025';

/** The account the landing page's 'Testar Demo' opens (Ana, a student preparing for ENEM; seed.ts). */
export const DEMO_ACCOUNT_EMAIL = 'ana@estudai.dev';
