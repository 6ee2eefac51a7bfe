import type { IntlShape } from 'react-intl';

/** A file's size in the reader's number format: kB below a megabyte, MB with one decimal above. */
export const formatFileSize = (intl: IntlShape, bytes: number) =>
  bytes < 1024 * 1024
    ? intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
    : intl.formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
