import { useLingui } from '@lingui/react';
import { partnerApplicationSchema, type PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { submitApplication, type PartnerApplication } from '../../api/applications.ts';
import { countryOptions } from '@stitchhouse/shared/countries.ts';
import * as styles from './applications.module.css';

/** A web address's start, the same in every language. */
const URL_START = 'https://';

export interface ApplicationFormProps {
  programme: PartnerProgramme;
  /** The application being edited (pending) or corrected (rejected); null for a first one. */
  existing: PartnerApplication | null;
  onSubmitted: () => void;
  onCancel?: () => void;
}

const AUDIENCE_HINT: Record<PartnerProgramme, string> = {
  reseller: /*i18n*/ 'partners.apply.audience.hint.reseller',
  supplier: /*i18n*/ 'partners.apply.audience.hint.supplier',
};

/** The application to a partner programme, or an edit of it: company, website, audience, country and a message. */
export function ApplicationForm({ programme, existing, onSubmitted, onCancel }: ApplicationFormProps) {
  const { i18n } = useLingui();
  const ids = {
    company: `${programme}-company`,
    website: `${programme}-website`,
    audience: `${programme}-audience`,
    country: `${programme}-country`,
    message: `${programme}-message`,
  };
  const form = useZodForm(partnerApplicationSchema, {
    company: existing?.company ?? '',
    website: existing?.website ?? '',
    audience: existing?.audience ?? '',
    country: existing?.country || (typeof navigator !== 'undefined' ? (navigator.language.split('-')[1] ?? '') : '').toUpperCase(),
    message: existing?.message ?? '',
  });
  const label = existing?.status === 'pending' ? i18n._('partners.apply.save') : existing ? i18n._('partners.apply.again') : i18n._('partners.apply.send');

  return (
    <>
      <ErrorSummary items={form.summary(ids)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('partners.apply.form', { programme })}
        onSubmit={form.onSubmit(async (input) => {
          await submitApplication(programme, existing, input);
          onSubmitted();
        })}
      >
        <TextField id={ids.company} label={i18n._('partners.apply.company.label')} autoComplete="organization" required {...form.field('company')} />
        <TextField
          id={ids.website}
          label={i18n._('partners.apply.website')}
          type="url"
          placeholder={URL_START}
          autoComplete="url"
          required
          {...form.field('website')}
        />
        <TextArea
          id={ids.audience}
          label={i18n._('partners.apply.audience.label')}
          hint={i18n._(AUDIENCE_HINT[programme])}
          rows={3}
          required
          {...form.field('audience')}
        />
        <Select
          id={ids.country}
          label={i18n._('partners.apply.country.label')}
          placeholder={i18n._('partners.apply.country.choose')}
          options={countryOptions()}
          required
          {...form.field('country')}
        />
        <TextArea id={ids.message} label={i18n._('partners.apply.message.label')} rows={3} {...form.field('message')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('partners.apply.sending')}>
            {label}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              {i18n._('partners.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );
}
