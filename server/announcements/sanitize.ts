import sanitizeHtml from 'sanitize-html';
import { ANNOUNCEMENT_ATTRIBUTES, ANNOUNCEMENT_TAGS, ANNOUNCEMENT_URL_SCHEMES } from '@core/announcements/html.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ANNOUNCEMENT_TAGS],
  // rel and target are the ones transformTags sets below, never the client's.
  allowedAttributes: { a: [...ANNOUNCEMENT_ATTRIBUTES, 'rel', 'target'] },
  allowedSchemes: [...ANNOUNCEMENT_URL_SCHEMES],
  allowProtocolRelative: false,
  // The content of dropped script-like elements goes with them; other dropped tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // Links open apart from the panel and tell the target nothing about it.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }),
  },
  allowedSchemesAppliedToAttributes: ['href'],
};

/** The body as stored and served: only the allowed structure survives, whatever the client sent. */
export const sanitizeAnnouncementBody = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
