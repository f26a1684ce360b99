import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react';
import { plainParagraphs } from './plainParagraphs.ts';
import { useNearViewport } from '../shared/nearViewport.tsx';
import * as styles from './Description.module.css';

// The designer's markdown through the platform's one renderer (React elements, no innerHTML, raw
// HTML dropped, safe link URLs, headings demoted): the same as mf-account's bio preview. The
// renderer (~16 KB gzip, from the shell) loads only when the description comes within a quarter
// screen of the viewport; until then its text shows as plain paragraphs, and the swap happens
// off-screen. Not a whole screen: on a phone (412×823) the description starts ~1,200 px down,
// less than half a screen below the fold, so a larger margin would load it at once.
const Markdown = lazy(() => import('@stitchhouse/shared/ui/Markdown.tsx').then((module) => ({ default: module.Markdown })));

/** `lang`: the description's language when it is not the page's (the original beside a translated page). */
export function Description({ markdown, lang }: { markdown: string; lang?: string }) {
  const { i18n } = useLingui();
  const [ref, near] = useNearViewport<HTMLDivElement>('25% 0px');
  if (!markdown.trim()) return <p className={styles.muted}>{i18n._('catalog.common.noDescription')}</p>;
  const plain = plainParagraphs(markdown).map((paragraph, i) => <p key={i}>{paragraph}</p>);
  return (
    <div ref={ref} className={styles.prose} data-testid="description" lang={lang}>
      {near ? (
        <Suspense fallback={plain}>
          <Markdown>{markdown}</Markdown>
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
