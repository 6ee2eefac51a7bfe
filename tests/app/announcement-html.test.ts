// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementBody } from '../../server/announcements/sanitize.ts';
import { sanitizeAnnouncementHtml } from '../../src/features/announcements/html.ts';

// The browser's sanitiser of announcement bodies (DOMPurify, run here on jsdom's DOM): nothing that runs, loads or
// styles survives, the allowed structure does, and it keeps what the server's sanitize-html keeps.

/** The markup as a browser reads it back, attributes in name order, so `<br>` and `<br />`, quoting or order compare equal. */
function normal(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return template.innerHTML;
}

const browser = (html: string) => normal(sanitizeAnnouncementHtml(html));
const server = (html: string) => normal(sanitizeAnnouncementBody(html));
const LINK = 'rel="noopener noreferrer" target="_blank"';
const link = (href: string, text: string) => `<a href="${href}" ${LINK}>${text}</a>`;

describe("the browser's announcement sanitiser", () => {
  it('removes scripts with their code, event handlers, style and javascript: links', () => {
    expect(browser('<p>Hola <script>alert(1)</script>mundo</p>')).toBe('<p>Hola mundo</p>');
    expect(browser('<p onclick="steal()" onmouseover="steal()">Texto</p>')).toBe('<p>Texto</p>');
    expect(browser('<img src="x" onerror="steal()">')).toBe('');
    expect(browser('<p style="position:fixed;inset:0">Aviso</p><style>body{display:none}</style>')).toBe('<p>Aviso</p>');
    expect(browser('<a href="javascript:alert(1)">abrir</a>')).toBe(`<a ${LINK}>abrir</a>`);
    expect(browser('<a href="JaVaScRiPt:alert(1)">abrir</a>')).toBe(`<a ${LINK}>abrir</a>`);
    expect(browser('<a href=" java\tscript:alert(1)">abrir</a>')).toBe(`<a ${LINK}>abrir</a>`);
    expect(browser('<a href="data:text/html,<script>alert(1)</script>">abrir</a>')).toBe(`<a ${LINK}>abrir</a>`);
  });

  it('keeps the allowed tags and links to the web, mail and the panel, each opening apart', () => {
    const body = [
      '<h3>Cierre de mes</h3>',
      '<h4>Plazos</h4>',
      '<p><strong>Importante</strong>, <b>hoy</b>: <em>todo</em> <i>lo</i> <u>pendiente</u> <s>antes</s> del viernes.<br>Gracias.</p>',
      '<ul><li>Uno</li></ul>',
      '<ol><li>Dos</li></ol>',
      '<blockquote>Cita</blockquote>',
    ].join('');
    expect(browser(body)).toBe(normal(body));
    expect(browser('<p><a href="https://example.com/guia">guía</a> <a href="mailto:soporte@example.com">soporte</a> <a href="/app/comunicados">comunicados</a></p>')).toBe(
      `<p>${link('https://example.com/guia', 'guía')} ${link('mailto:soporte@example.com', 'soporte')} ${link('/app/comunicados', 'comunicados')}</p>`,
    );
  });

  it('drops tags outside the allowlist but keeps their text', () => {
    expect(browser('<div><span class="x">Texto</span> <h1>título</h1></div>')).toBe('Texto título');
  });

  it("agrees with the server's sanitize-html on hostile bodies", () => {
    const hostile = [
      '<p>Hola <script>alert(1)</script>mundo</p>',
      '<img src=x onerror=alert(1)><p>ok</p>',
      '<a href="javascript:alert(1)" onclick="x()">clic</a>',
      '<a href="//evil.example/robar">sin esquema</a>',
      '<a href="/\\evil.example/robar">barra invertida</a>',
      '<a href="vbscript:msgbox(1)">vb</a>',
      '<p style="background:url(javascript:alert(1))">estilo</p>',
      '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg><p>tras el svg</p>',
      '<iframe src="https://evil.example"></iframe><p>tras el iframe</p>',
      '<form action="https://evil.example"><input name="clave"><button>Enviar</button></form>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<p>a</p><noscript><p title="</noscript><img src=x onerror=alert(1)>">b</p></noscript>',
      '<a href="https://example.com" target="_self" rel="opener">abre aquí</a>',
    ];
    for (const html of hostile) expect(browser(html), html).toBe(server(html));
  });
});
