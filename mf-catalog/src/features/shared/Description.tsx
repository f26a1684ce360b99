import { Markdown } from '@stitchhouse/shared/ui/Markdown.tsx';
import * as styles from './Description.module.css';

// The designer's markdown through the platform's one renderer (React elements, no innerHTML, raw
// HTML dropped, safe link URLs, headings demoted): the same as mf-account's bio preview.
export function Description({ markdown }: { markdown: string }) {
  if (!markdown.trim()) return <p className={styles.muted}>The designer has not written a description yet.</p>;
  return (
    <div className={styles.prose} data-testid="description">
      <Markdown>{markdown}</Markdown>
    </div>
  );
}
