import createCache from '@emotion/cache';

/**
 * The page's CSP nonce: the server writes a fresh one into each page's `<meta property="csp-nonce">` (Vite's
 * html.cspNonce names the tag; server/http/site.ts) and admits only the <style> elements that carry it.
 */
export function cspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Under a CSP the browser hides a nonce from getAttribute; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** The component library's styles (Emotion's <style> elements), with the page's nonce so that its CSP applies them. */
export const emotionCache = createCache({ key: 'css', nonce: cspNonce() });
