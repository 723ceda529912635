// A small element tree over saxes: enough to read WMS and WFS capabilities, XML schemas, GML feature
// info and OGC exception reports without a DOM. Entities are resolved by saxes; DTDs are never fetched.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Qualified name as written, e.g. `gml:featureMember`. */
  name: string;
  /** Local name without prefix. */
  local: string;
  prefix: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Direct text content (concatenated, untrimmed). */
  text: string;
}

function element(name: string, attrs: Record<string, string>): XmlElement {
  const i = name.indexOf(':');
  return { name, local: i < 0 ? name : name.slice(i + 1), prefix: i < 0 ? '' : name.slice(0, i), attrs, children: [], text: '' };
}

/** Parses a document into its root element; throws on malformed XML. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = typeof v === 'string' ? v : String((v as { value?: string }).value ?? '');
    const el = element(tag.name, attrs);
    if (stack.length) stack[stack.length - 1].children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (t: string) => {
    if (stack.length) stack[stack.length - 1].text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(xml).close();
  if (!root) throw new Error('empty XML document');
  return root;
}

export function childrenNamed(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.local === local);
}

export function firstChild(el: XmlElement, local: string): XmlElement | undefined {
  return el.children.find((c) => c.local === local);
}

/** All descendants (depth first) with this local name. */
export function descendants(el: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.local === local) out.push(c);
    descendants(c, local, out);
  }
  return out;
}

/** Text of the element and all its descendants, whitespace collapsed. */
export function deepText(el: XmlElement): string {
  const parts: string[] = [el.text];
  for (const c of el.children) parts.push(deepText(c));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
