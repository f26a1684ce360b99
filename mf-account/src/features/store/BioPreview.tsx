import { useLingui } from '@lingui/react';
import { Markdown } from '@stitchhouse/shared/ui/Markdown.tsx';
import * as styles from '../layout/account.module.css';

// As the storefront shows it: the platform's one markdown renderer (React elements only, raw
// HTML dropped, safe link URLs, headings demoted under the page's h2).
export function BioPreview({ markdown }: { markdown: string }) {
  const { i18n } = useLingui();
  return (
    <div className={styles.preview} aria-label={i18n._('account.bio.preview')} role="region">
      {markdown.trim() ? <Markdown>{markdown}</Markdown> : <p className={styles.muted}>{i18n._('account.bio.empty')}</p>}
    </div>
  );
}
