/**
 * XML documents (the SCXML read-back, the SVG checks) as a plain element tree, read with fast-xml-parser:
 * elements, attributes in either quote, text, CDATA and the predefined and numeric entities; comments,
 * processing instructions and the declaration are dropped.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/** XML knows five named entities; the parser would pass any other through as text, so refuse it. */
const UNKNOWN_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)[^;\s]*;?/;

function toNodes(items: Ordered[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of items) {
    if ('#text' in item) nodes.push(String(item['#text']));
    else if ('#cdata' in item) nodes.push((item['#cdata'] as Array<{ '#text': unknown }>).map((t) => String(t['#text'])).join(''));
    else {
      const name = Object.keys(item).find((k) => k !== ':@')!;
      nodes.push({ name, attrs: { ...(item[':@'] ?? {}) }, children: toNodes(item[name] as Ordered[]) });
    }
  }
  return nodes;
}

/** Parses an XML document into its root element; throws on a malformed document. */
export function parseXml(source: string): XmlElement {
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new Error(`XML: ${valid.err.msg} (line ${valid.err.line})`);
  const entity = UNKNOWN_ENTITY.exec(source.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, ''));
  if (entity) throw new Error(`XML: unknown entity ${entity[0]}`);
  const roots = toNodes(parser.parse(source) as Ordered[]).filter((n): n is XmlElement => typeof n !== 'string');
  if (roots.length !== 1) throw new Error('XML: a document has exactly one root element');
  return roots[0]!;
}
