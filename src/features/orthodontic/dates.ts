/** Today in the browser's own calendar, `YYYY-MM-DD` (the day staff see on their desk). */
export const isoToday = () => new Date().toLocaleDateString('en-CA');

/**
 * The page's direction for Ark-based Chakra parts (dialogs), which lay themselves out left to right unless
 * told: `<html dir>` follows the user's preference.
 */
export const pageDirection = (): 'ltr' | 'rtl' => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');
