import { Markdown } from '@stitchhouse/shared/ui/Markdown.tsx';
import * as styles from '../layout/account.module.css';

// As the storefront shows it: the platform's one markdown renderer (React elements only, raw
// HTML dropped, safe link URLs, headings demoted under the page's h2).
export function BioPreview({ markdown }: { markdown: string }) {
  return (
    <div className={styles.preview} aria-label="Bio preview" role="region">
      {markdown.trim() ? <Markdown>{markdown}</Markdown> : <p className={styles.muted}>Nothing to preview yet.</p>}
    </div>
  );
}
