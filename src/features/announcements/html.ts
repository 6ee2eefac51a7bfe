import DOMPurify from 'dompurify';
import { ANNOUNCEMENT_ATTRIBUTES, ANNOUNCEMENT_TAGS } from '@core/announcements/html.ts';

// A path of the panel, never `//host` or `/\host`: browsers read both as another site (the server refuses them too).
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?![/\\]))/i;

/**
 * The browser's sanitiser (DOMPurify) with the server's allowlist: what the editor produces and what a
 * screen shows is cleaned here too, so a body never runs anything even if the server let it through.
 */
export function sanitizeAnnouncementHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ANNOUNCEMENT_TAGS],
    ALLOWED_ATTR: [...ANNOUNCEMENT_ATTRIBUTES, 'rel', 'target'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
  return clean;
}

// Links open apart from the panel and tell the target nothing about it, as the server writes them.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
});
