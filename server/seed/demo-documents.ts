/**
 * A character of a PDF string in Helvetica's WinAnsi encoding, which matches Latin-1 from U+00A0 to U+00FF: the
 * accents of the demo's names ("Fernández", "Castaño") as octal escapes, so the file stays ASCII; others as "?".
 */
function winAnsi(char: string): string {
  const code = char.codePointAt(0)!;
  if (char === '\\' || char === '(' || char === ')') return `\\${char}`;
  if (code >= 0x20 && code <= 0x7e) return char;
  if (code >= 0xa0 && code <= 0xff) return `\\${code.toString(8)}`;
  return '?';
}

/** A one-page PDF with a few lines of text (Latin-1), for the demo's attached documents. */
export function textPdf(lines: string[]): Uint8Array {
  const escape = (text: string) => [...text].map(winAnsi).join('');
  const content = ['BT', '/F1 12 Tf', '14 TL', '72 760 Td', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
