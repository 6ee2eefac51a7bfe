/** Today's date as YYYY-MM-DD (UTC), the default clock of business rules. */
export const systemToday = () => new Date().toISOString().slice(0, 10);
