import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { errorMessage } from '@stitchhouse/shared';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { LOCALES, isLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';
import { Alert, Button, QueryState, Select, Skeleton, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { deletePatternTranslation, listPatternTranslations, savePatternTranslation, translationKeys, type PatternTranslation } from '../../api/translations.ts';
import { patternsChanged } from './patternsChanged.ts';
import { translationSchema } from './translationSchema.ts';
import * as styles from './PatternTranslations.module.css';

interface PatternTranslationsProps {
  pattern: { id: string; title: string; languages: string[] };
}

/** A language's name in the page's language ("German" on an English page, "Deutsch" on a German one). */
function useLanguageName(): (code: string) => string {
  const { i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale], { type: 'language' });
  return (code) => names.of(code) ?? code;
}

/**
 * The pattern's title and description in other languages: buyers who read one of them see it (with
 * the original one click away). Every language the marketplace speaks except the pattern's own
 * (its first language), each added, changed or removed on its own; a refusal is shown beside the
 * form and keeps what was typed.
 */
export function PatternTranslations({ pattern }: PatternTranslationsProps) {
  const { i18n } = useLingui();
  const languageName = useLanguageName();
  const translations = useQuery({
    queryKey: translationKeys.pattern(pattern.id),
    queryFn: ({ signal }) => listPatternTranslations(pattern.id, signal),
  });
  const own = pattern.languages[0] ?? 'en';
  const offered = LOCALES.filter((locale) => locale !== own);
  /** The language whose form is open (a new translation or one being edited). */
  const [open, setOpen] = useState<Locale | null>(null);
  const [choice, setChoice] = useState<Locale | ''>('');
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    setOpen(null);
    setChoice('');
    setNotice(text);
  };

  return (
    <div data-testid="pattern-translations">
      <p>{i18n._('catalog.publish.translations.intro', { language: languageName(own) })}</p>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      <QueryState
        query={translations}
        errorTitle={i18n._('catalog.publish.translations.loadError')}
        loadingLabel={i18n._('catalog.publish.translations.loading')}
        skeleton={<Skeleton shape="block" height="6rem" />}
        isEmpty={() => false}
      >
        {(list) => {
          const missing = offered.filter((locale) => !list.some((t) => t.locale === locale));
          const adding = open !== null && missing.includes(open) ? open : null;
          return (
            <>
              {list.length === 0 ? (
                <p className={styles.meta}>{i18n._('catalog.publish.translations.none')}</p>
              ) : (
                <ul className={styles.list} aria-label={i18n._('catalog.publish.translations.label')}>
                  {list.map((translation) => (
                    <li key={translation.locale} className={styles.item} data-locale={translation.locale}>
                      {open === translation.locale ? (
                        <TranslationForm
                          patternId={pattern.id}
                          locale={translation.locale}
                          initial={translation}
                          onCancel={() => setOpen(null)}
                          onSaved={() => done(i18n._('catalog.publish.translations.saved', { language: languageName(translation.locale) }))}
                        />
                      ) : (
                        <SavedTranslation
                          patternId={pattern.id}
                          translation={translation}
                          onEdit={() => {
                            setNotice(null);
                            if (isLocale(translation.locale)) setOpen(translation.locale);
                          }}
                          onRemoved={() => done(i18n._('catalog.publish.translations.removed', { language: languageName(translation.locale) }))}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {adding ? (
                <div className={styles.item} data-locale={adding}>
                  <TranslationForm
                    patternId={pattern.id}
                    locale={adding}
                    initial={null}
                    onCancel={() => setOpen(null)}
                    onSaved={() => done(i18n._('catalog.publish.translations.added', { language: languageName(adding) }))}
                  />
                </div>
              ) : missing.length > 0 ? (
                <div className={styles.add}>
                  <Select
                    label={i18n._('catalog.publish.translations.addLanguage')}
                    placeholder={i18n._('catalog.publish.translations.chooseLanguage')}
                    value={choice}
                    options={missing.map((locale) => ({ value: locale, label: languageName(locale) }))}
                    onChange={(e) => setChoice(isLocale(e.currentTarget.value) ? e.currentTarget.value : '')}
                  />
                  <Button
                    variant="secondary"
                    disabled={choice === ''}
                    onClick={() => {
                      setNotice(null);
                      if (choice) setOpen(choice);
                    }}
                  >
                    {i18n._('catalog.publish.translations.add')}
                  </Button>
                </div>
              ) : (
                <p className={styles.meta}>{i18n._('catalog.publish.translations.all')}</p>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** One saved translation: its title, the start of its description, Edit and Remove. */
function SavedTranslation({
  patternId,
  translation,
  onEdit,
  onRemoved,
}: {
  patternId: string;
  translation: PatternTranslation;
  onEdit(): void;
  onRemoved(): void;
}) {
  const { i18n } = useLingui();
  const languageName = useLanguageName();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const language = languageName(translation.locale);

  async function remove() {
    setBusy(true);
    setProblem(null);
    try {
      await deletePatternTranslation(patternId, translation.locale);
      await patternsChanged();
      onRemoved();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <>
      <h3 className={styles.language}>{language}</h3>
      <p className={styles.title} lang={translation.locale}>
        {translation.title}
      </p>
      {translation.description ? (
        <p className={styles.meta} lang={translation.locale}>
          {translation.description.length > 160 ? `${translation.description.slice(0, 160)}…` : translation.description}
        </p>
      ) : (
        <p className={styles.meta}>{i18n._('catalog.publish.translations.noDescription')}</p>
      )}
      <div className={styles.buttons}>
        <Button size="small" variant="secondary" onClick={onEdit} disabled={busy} aria-label={i18n._('catalog.publish.translations.editLabel', { language })}>
          {i18n._('catalog.publish.translations.edit')}
        </Button>
        <Button
          size="small"
          variant="ghost"
          onClick={() => void remove()}
          busy={busy}
          busyLabel={i18n._('catalog.publish.translations.removing')}
          aria-label={i18n._('catalog.publish.translations.removeLabel', { language })}
        >
          {i18n._('catalog.publish.photos.remove')}
        </Button>
      </div>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </>
  );
}

/** Title and description in one language; a refusal (the form's check or the database's) keeps what was typed. */
function TranslationForm({
  patternId,
  locale,
  initial,
  onCancel,
  onSaved,
}: {
  patternId: string;
  locale: string;
  initial: PatternTranslation | null;
  onCancel(): void;
  onSaved(): void;
}) {
  const { i18n } = useLingui();
  const languageName = useLanguageName();
  const form = useZodForm(translationSchema, { title: initial?.title ?? '', description: initial?.description ?? '' }, { focus: 'field' });
  const id = useId();
  const language = languageName(locale);
  return (
    <form
      noValidate
      className={styles.form}
      aria-label={i18n._('catalog.publish.translations.formLabel', { language })}
      onSubmit={form.onSubmit(async (text) => {
        await savePatternTranslation(patternId, locale, text, initial !== null);
        await patternsChanged();
        onSaved();
      })}
    >
      <h3 className={styles.language}>{language}</h3>
      {form.formError ? <ErrorSummary items={form.summary({})} attempt={form.attempt} title={i18n._('catalog.publish.translations.notSaved')} /> : null}
      <TextField
        id={`${id}-title`}
        lang={locale}
        label={i18n._('catalog.publish.translations.title', { language })}
        required
        maxLength={200}
        {...form.field('title')}
      />
      <TextArea
        id={`${id}-description`}
        lang={locale}
        label={i18n._('catalog.publish.translations.description', { language })}
        hint={i18n._('catalog.publish.translations.descriptionHint')}
        rows={6}
        {...form.field('description')}
      />
      <div className={styles.buttons}>
        <Button type="submit" busy={form.busy} busyLabel={i18n._('catalog.publish.files.saving')}>
          {initial ? i18n._('catalog.publish.translations.save') : i18n._('catalog.publish.translations.addSubmit', { language })}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={form.busy}>
          {i18n._('catalog.publish.translations.cancel')}
        </Button>
      </div>
    </form>
  );
}
