import type { IntlShape } from 'react-intl';

/** A `YYYY-MM-DD` day in the user's language (read as that day wherever the browser is). */
export const day = (intl: IntlShape, value: string) => intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });
