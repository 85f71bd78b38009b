import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements that are no content of a reference page: navigation, scripts, forms, icons. */
const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'svg', 'nav', 'footer', 'button', 'input', 'select', 'form', 'iframe', 'template', 'img']);

/** Classes and ids of a page's chrome: the sidebar, its toggle, the search box, the feedback form. */
const CHROME = /\b(sidebar|open-sidebar-nav|nav__|search|feedback|cookie)/i;

const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'aside', 'blockquote', 'dl', 'dt', 'dd', 'figure', 'body', 'html', 'hr']);

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attribute(element: Element, name: string): string {
  return element.attrs.find((attr) => attr.name === name)?.value ?? '';
}

function skipped(element: Element): boolean {
  return SKIPPED.has(element.tagName) || CHROME.test(`${attribute(element, 'class')} ${attribute(element, 'id')}`);
}

function children(node: Node): Node[] {
  return 'childNodes' in node ? node.childNodes : [];
}

/** The text of a node as it reads in the text format: code in backticks, lists run together. */
function inline(node: Node, inCode = false): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (!isElement(node) || skipped(node)) return '';
  if (node.tagName === 'br') return ' ';
  const inner = children(node)
    .map((child) => inline(child, inCode || node.tagName === 'code' || node.tagName === 'pre'))
    .join('');
  if (node.tagName === 'code' && !inCode) return `\`${inner.replace(/\s+/g, ' ').trim()}\``;
  return inner;
}

/** Collapses white space, as a browser shows it. */
function squeeze(text: string): string {
  return text.replace(/[ \t\r\n\u00a0]+/g, ' ').trim();
}

/** The text of a `<pre>` block, as written (line breaks kept). */
function preformatted(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (!isElement(node)) return '';
  if (node.tagName === 'br') return '\n';
  return children(node).map(preformatted).join('');
}

function hasList(node: Node): boolean {
  return isElement(node) && (node.tagName === 'ul' || node.tagName === 'ol' || children(node).some(hasList));
}

/** A table's rows: each `<tr>`'s cells (`th` or `td`), header rows first. */
function tableLines(table: Element): string[] {
  const rows: Element[] = [];
  const collect = (node: Node) => {
    for (const child of children(node)) {
      if (!isElement(child)) continue;
      if (child.tagName === 'tr') rows.push(child);
      else if (child.tagName !== 'table') collect(child);
    }
  };
  collect(table);
  const lines: string[] = [];
  for (const row of rows) {
    const cells = children(row).filter((cell): cell is Element => isElement(cell) && (cell.tagName === 'td' || cell.tagName === 'th'));
    if (cells.length === 0) continue;
    // A cell's lists run together with its text, as in the text the check reads.
    lines.push(`| ${cells.map((cell) => squeeze(inline(cell)).replace(/\|/g, '\\|')).join(' | ')} |`);
    if (cells.some(hasList)) lines.push('-');
  }
  return lines;
}

/** Converts the children of a node into lines of the text format. */
function blocks(node: Node, out: string[], depth: number): void {
  let pending = '';
  const flush = () => {
    const text = squeeze(pending);
    if (text) out.push(text);
    pending = '';
  };
  for (const child of children(node)) {
    if (!isElement(child)) {
      if (child.nodeName === '#text') pending += inline(child);
      continue;
    }
    if (skipped(child)) continue;
    const tag = child.tagName;
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      out.push(`${'#'.repeat(Number(heading[1]))} ${squeeze(inline(child))}`);
    } else if (tag === 'table') {
      flush();
      out.push(...tableLines(child));
    } else if (tag === 'pre') {
      flush();
      out.push('```', preformatted(child).replace(/\n+$/, ''), '```');
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      for (const item of children(child)) {
        if (!isElement(item) || item.tagName !== 'li') continue;
        const nested: string[] = [];
        const own = children(item).filter((part) => !(isElement(part) && (part.tagName === 'ul' || part.tagName === 'ol')));
        out.push(`${'  '.repeat(depth)}- ${squeeze(own.map((part) => inline(part)).join(''))}`);
        for (const part of children(item)) if (isElement(part) && (part.tagName === 'ul' || part.tagName === 'ol')) blocks({ ...item, childNodes: [part] }, nested, depth + 1);
        out.push(...nested);
      }
    } else if (BLOCKS.has(tag) || tag === 'li') {
      flush();
      blocks(child, out, depth);
    } else {
      pending += inline(child);
    }
  }
  flush();
}

/** Converts one of the platform's HTML reference pages into the text format. */
export function htmlToText(html: string): string {
  const document = parse(html);
  const out: string[] = [];
  blocks(document, out, 0);
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/**
 * The file name the text format uses for a page, from its title or first heading:
 * `reference.md`, `eventsub-subscription-types.md`, `eventsub-reference.md` or `scopes.md`;
 * undefined for another page.
 */
export function textFileNameFor(html: string, text: string): string | undefined {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  const first = /^# (.*)$/m.exec(text)?.[1] ?? '';
  const name = `${title} ${first}`.toLowerCase();
  if (/subscription types/.test(name)) return 'eventsub-subscription-types.md';
  if (/eventsub reference/.test(name)) return 'eventsub-reference.md';
  if (/scopes/.test(name)) return 'scopes.md';
  if (/api reference|^reference\b|\breference \|/.test(name)) return 'reference.md';
  return undefined;
}
