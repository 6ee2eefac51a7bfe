/** Today in the browser's own calendar, `YYYY-MM-DD` (the day staff see on their desk). */
export const isoToday = () => new Date().toLocaleDateString('en-CA');
