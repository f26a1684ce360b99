import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import * as styles from './Description.module.css';

// react-markdown builds React elements (no innerHTML); raw HTML in the text is dropped
// and link/image URLs go through its safe-URL filter, so a designer's text cannot run script.
const ALLOWED = ['h1', 'h2', 'h5', 'h6', 'p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'code', 'hr'];

/** Headings in a description are demoted so the page keeps one h1 and its h2 sections. */
const components = {
  h1: 'h3', h2: 'h3', h3: 'h4', h4: 'h4', h5: 'h4', h6: 'h4',
  a: ({ href, children }: { href?: string; children?: ReactNode }) => (
    <a href={href} rel="nofollow noopener noreferrer" target="_blank">{children}</a>
  ),
} satisfies Components;

export function Description({ markdown }: { markdown: string }) {
  if (!markdown.trim()) return <p className={styles.muted}>The designer has not written a description yet.</p>;
  return (
    <div className={styles.prose} data-testid="description">
      <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
