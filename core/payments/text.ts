/**
 * Text inside a payment file. SEPA (EUR) allows only the "SEPA Latin" set
 * (a–z A–Z 0–9 / - ? : ( ) . , ' + and space): names are transliterated ("Muñoz" → "Munoz");
 * the panel keeps the original. Other currencies keep Unicode, minus what XML 1.0 cannot carry.
 */

const SEPA_ALLOWED = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** Letters that do not decompose into a base letter plus marks. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Ł: 'L', ł: 'l',
  Þ: 'TH', þ: 'th', Ð: 'D', ð: 'd', ı: 'i', '&': '+', '¿': '?', '¡': '', '«': "'", '»': "'", '“': "'", '”': "'",
  '‘': "'", '’': "'", '–': '-', '—': '-', '_': '-', '"': "'", '#': '', '°': 'o', º: 'o', ª: 'a', '@': '(at)',
};

/** Transliterates to SEPA Latin: diacritics dropped, special letters spelled out, anything else a space. */
export function toSepaLatin(text: string): string {
  const spelled = Array.from(text.normalize('NFC'), (ch) => SPECIAL[ch] ?? ch).join('');
  return spelled
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(SEPA_ALLOWED, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Characters XML 1.0 cannot hold (controls but tab/newline/return, lone surrogates, U+FFFE/FFFF). */
// Escapes rather than literal control characters, so the source stays plain text.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for a free-text element of the message: SEPA Latin for EUR, otherwise Unicode without controls; one line. */
export function messageText(text: string, currency: string): string {
  const oneLine = text.replace(NOT_XML, '').replace(/[\t\r\n]+/g, ' ');
  return currency === 'EUR' ? toSepaLatin(oneLine) : oneLine.replace(/ {2,}/g, ' ').trim();
}

/** Cuts to at most `max` characters (the schema's MaxNText counts characters, i.e. code points). */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

/** Escapes text for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&quot;'));
}
