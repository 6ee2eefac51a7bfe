/**
 * The page's direction for Ark-based Chakra parts (radio groups, dialogs), which lay themselves out left to
 * right unless told: the app has no LocaleProvider yet, and `<html dir>` follows the user's preference.
 */
export const pageDirection = (): 'ltr' | 'rtl' => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');
