import type { IntlShape } from 'react-intl';

/** Integer cents as the currency's amount in the user's language. */
export const money = (intl: IntlShape, cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency });

/** A `YYYY-MM-DD` day in the user's language (read as that day wherever the browser is). */
export const day = (intl: IntlShape, value: string) => intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });
