import { addDays } from '@core/benefits/dates.ts';

/**
 * The cure periods "ending this week": a deadline from today to seven days on, both days inclusive. The
 * dashboard's tile counts them and the list's `cureEnding=thisWeek` shows them, so both read this one window.
 */
export const cureEndingThisWeek = (today: string) => ({ from: today, to: addDays(today, 7) });
