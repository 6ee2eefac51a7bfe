import type { IntlShape } from 'react-intl';

/** A file's size in the reader's number format: "<1 kB" under a kilobyte, kB below a megabyte, MB with one decimal above. */
export function formatFileSize(intl: IntlShape, bytes: number) {
  const kilobytes = (value: number) => intl.formatNumber(value, { style: 'unit', unit: 'kilobyte' });
  if (bytes < 1024) return intl.formatMessage({ id: 'format.fileSize.underOne' }, { size: kilobytes(1) });
  if (bytes < 1024 * 1024) return kilobytes(Math.round(bytes / 1024));
  return intl.formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
