/**
 * What an announcement's body may hold, shared by the server's sanitiser (sanitize-html) and the
 * browser's (DOMPurify): text structure and links, nothing that runs, loads or styles.
 */
export const ANNOUNCEMENT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'] as const;

export const ANNOUNCEMENT_ATTRIBUTES = ['href'] as const;

/** Links only to web pages, mail or the panel's own paths. */
export const ANNOUNCEMENT_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** The longest body kept, in characters of sanitised HTML (the contract's limit). */
export const ANNOUNCEMENT_BODY_MAX = 20_000;

/** A body with no visible text (only tags or spaces) is blank. */
export const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';
