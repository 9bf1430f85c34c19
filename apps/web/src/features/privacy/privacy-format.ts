import { STUDY_TIME_ZONE } from '@estudai/contract/constants';

const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: STUDY_TIME_ZONE, dateStyle: 'long' });

/** '3 de dezembro de 2026', in Brasília's calendar. */
export const formatLongDay = (date: string) => dayFormat.format(new Date(date));
