import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import * as styles from '../layout/account.module.css';

// As the storefront shows it: React elements only (no innerHTML), raw HTML dropped,
// link URLs through react-markdown's safe-URL filter, headings demoted under the page's h2.
const ALLOWED = ['h3', 'h4', 'p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'hr'];
const components = {
  h1: 'h3', h2: 'h3', h3: 'h4', h4: 'h4', h5: 'h4', h6: 'h4',
  a: ({ href, children }: { href?: string; children?: ReactNode }) => (
    <a href={href} rel="nofollow noopener noreferrer" target="_blank">
      {children}
    </a>
  ),
} satisfies Components;

export function BioPreview({ markdown }: { markdown: string }) {
  return (
    <div className={styles.preview} aria-label="Bio preview" role="region">
      {markdown.trim() ? (
        <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed components={components}>
          {markdown}
        </Markdown>
      ) : (
        <p className={styles.muted}>Nothing to preview yet.</p>
      )}
    </div>
  );
}
