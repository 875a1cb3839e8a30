/**
 * Builds DOM nodes from data without ever parsing HTML: strings become text nodes and attribute
 * values go through setAttribute, so whatever a sender put in a payload, an identifier or a
 * message is shown as text, never run: no data ever reaches an HTML parser.
 */
/* global document, Node */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Appends children: nodes, strings and numbers (as text), arrays of them; null is skipped. */
export function append(parent, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
  return parent;
}

/** Replaces what `parent` holds with `children` (as `append` takes them). */
export function fill(parent, ...children) {
  parent.replaceChildren();
  return append(parent, ...children);
}

function build(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  return append(element, ...children);
}

/** An HTML element: `h('a', { href: '#/' }, 'Funnels')`. */
export function h(tag, attributes, ...children) {
  return build(document.createElement(tag), attributes, children);
}

/** An SVG element, for the chart. */
export function svg(tag, attributes, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attributes, children);
}
