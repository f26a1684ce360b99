// @ts-check
// A designer's Markdown (a pattern's description, a store's bio) as one line of plain text, for
// what is not a screen: a page's meta description and JSON-LD (scripts/page-head.mjs). Parsed by
// micromark as the screens' Markdown.tsx parses it, so the words are the ones the page shows:
// text and code kept, images, raw HTML and the syntax itself left out, blocks joined by a space.
import { fromMarkdown } from 'mdast-util-from-markdown';

/** @typedef {import('mdast').Nodes} Nodes */

/**
 * @param {Nodes} node
 * @returns {string}
 */
function textOf(node) {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'break') return ' ';
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference' || node.type === 'definition' || node.type === 'code') return '';
  if (!('children' in node)) return '';
  const block =
    node.type === 'root' || node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'table' || node.type === 'tableRow';
  return node.children.map((child) => textOf(child)).join(block ? ' ' : '');
}

/**
 * @param {string} markdown
 * @returns {string} the text, whitespace collapsed
 */
export function markdownText(markdown) {
  return textOf(fromMarkdown(markdown)).replace(/\s+/g, ' ').trim();
}
