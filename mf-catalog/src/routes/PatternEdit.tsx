import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { href, useSession } from '@stitchhouse/shared';
import { Alert, Button, LinkButton, PageHeading, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { loadEditablePattern, publishingKeys, savePattern } from '../api/publish.ts';
import { FileUploads } from '../features/publish/FileUploads.tsx';
import { ImageManager } from '../features/publish/ImageManager.tsx';
import { MasterFormats } from '../features/publish/MasterFormats.tsx';
import { CREATED_STATE, NewPattern } from '../features/publish/NewPattern.tsx';
import { PatternForm } from '../features/publish/PatternForm.tsx';
import { PatternNotFound } from '../features/publish/PatternNotFound.tsx';
import { PatternPreview } from '../features/publish/PatternPreview.tsx';
import { patternsChanged } from '../features/publish/patternsChanged.ts';
import { PublishPanel } from '../features/publish/PublishPanel.tsx';
import { PatternTranslations } from '../features/publish/PatternTranslations.tsx';
import { formValuesOf } from '../features/publish/schema.ts';
import * as styles from '../features/publish/PatternEditor.module.css';
import '../catalogs/owner/messages.ts';

const keepsCreated = (state: unknown) => typeof state === 'object' && state !== null && (state as typeof CREATED_STATE).created === true;
import { formatDate } from '../features/locale/formatDate.ts';

/**
 * /patterns/:productId/edit: the owning store edits every field, photos, files, status.
 * /patterns/new/edit ("New pattern") is the same editor before anything is stored.
 */
export default function PatternEdit() {
  const { productId = '' } = useParams();
  return productId === 'new' ? <NewPattern /> : <ExistingPattern productId={productId} />;
}

function ExistingPattern({ productId }: { productId: string }) {
  const created = keepsCreated(useLocation().state);
  const { i18n } = useLingui();
  const { loading: sessionLoading, session } = useSession();
  const [preview, setPreview] = useState(false);
  const state = useQuery({
    queryKey: publishingKeys.editable(productId, session?.user.id ?? null),
    queryFn: ({ signal }) => loadEditablePattern(productId, signal),
    enabled: !sessionLoading,
  });
  // a save, a photo, a file or a status change: the editor and every page showing the pattern read it again
  const refresh = () => void patternsChanged();

  const spinner = <Spinner label={i18n._('catalog.publish.edit.loading')} showLabel />;
  if (sessionLoading) return spinner;
  if (state.data === undefined) {
    return (
      <QueryState query={state} errorTitle={i18n._('catalog.publish.edit.loadError')} skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  const pattern = state.data;
  if (!pattern) return <PatternNotFound />;

  return (
    <div className={styles.page}>
      <PageHeading title={i18n._('catalog.publish.edit.title', { title: pattern.title })} eyebrow={pattern.store.name}>
        {i18n._('catalog.publish.edit.heading', { title: pattern.title })}
      </PageHeading>
      <div className={styles.top}>
        <Button variant="secondary" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? i18n._('catalog.publish.edit.closePreview') : i18n._('catalog.publish.edit.preview')}
        </Button>
        <LinkButton variant="ghost" to={href('/patterns/my-store')}>
          {i18n._('catalog.publish.edit.backToStore')}
        </LinkButton>
        {pattern.status === 'published' ? (
          <LinkButton variant="ghost" to={href('/patterns/:productId', { productId: pattern.id })}>
            {i18n._('catalog.publish.edit.viewInCatalog')}
          </LinkButton>
        ) : null}
      </div>
      {created ? (
        <Alert tone="success" title={i18n._('catalog.publish.edit.created')}>
          {i18n._('catalog.publish.edit.createdText')}
        </Alert>
      ) : null}
      {preview ? (
        <div className={styles.panel}>
          <PatternPreview pattern={pattern} />
        </div>
      ) : null}
      <div className={styles.panel}>
        <PublishPanel pattern={pattern} onChanged={refresh} />
      </div>
      <section className={styles.panel} aria-labelledby="details-title">
        <h2 id="details-title">{i18n._('catalog.publish.edit.details')}</h2>
        <PatternForm
          key={pattern.id}
          initial={formValuesOf(pattern)}
          currency={pattern.currency}
          onSave={async (fields, wholesale) => {
            await savePattern(pattern, fields, wholesale);
            refresh();
          }}
        />
      </section>
      <section className={styles.panel} aria-labelledby="translations-title">
        <h2 id="translations-title">{i18n._('catalog.publish.edit.translations')}</h2>
        <PatternTranslations pattern={pattern} />
      </section>
      <section className={styles.panel} aria-labelledby="photos-title">
        <h2 id="photos-title">{i18n._('catalog.publish.edit.photos')}</h2>
        <ImageManager pattern={pattern} paths={[pattern.coverPath, ...pattern.galleryPaths].filter((p): p is string => Boolean(p))} onChange={refresh} />
      </section>
      <section className={styles.panel} aria-labelledby="files-title">
        <h2 id="files-title">{i18n._('catalog.publish.edit.files')}</h2>
        <p>{pattern.status === 'published' ? i18n._('catalog.publish.edit.filesHintPublished') : i18n._('catalog.publish.edit.filesHint')}</p>
        <MasterFormats pattern={pattern} onChanged={refresh} />
        <FileUploads pattern={pattern} files={pattern.files} onUploaded={refresh} />
      </section>
      {pattern.versions.length > 0 ? (
        <section className={styles.panel} aria-labelledby="versions-title">
          <h2 id="versions-title">{i18n._('catalog.publish.edit.versions')}</h2>
          <ol className={styles.versions} reversed>
            {pattern.versions.map((v) => (
              <li key={v.version}>
                <Trans
                  id="catalog.publish.edit.version"
                  values={{ version: v.version, date: formatDate(v.createdAt), changes: v.changes }}
                  components={{ 0: <strong /> }}
                />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
