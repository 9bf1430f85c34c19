import { formatBrasilia } from '@estudai/contract/constants';

/** '3 de dezembro de 2026', in Brasília's calendar. */
export const formatLongDay = (date: string) => formatBrasilia(date, { dateStyle: 'long' });
