import { addBrasiliaMonths } from '@estudai/contract';

/**
 * Adds `months` calendar months to `from` on the Brasília calendar (31 Jan + 1 month → 28/29 Feb,
 * as providers do), through the contract's one date module.
 */
export const addMonths = (from: Date, months: number): Date => addBrasiliaMonths(from, months);
