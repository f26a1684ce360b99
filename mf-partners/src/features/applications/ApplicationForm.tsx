import { partnerApplicationSchema, type PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { submitApplication, type PartnerApplication } from '../../api/applications.ts';
import { countryOptions } from '@stitchhouse/shared/countries.ts';
import * as styles from './applications.module.css';

export interface ApplicationFormProps {
  programme: PartnerProgramme;
  /** The application being edited (pending) or corrected (rejected); null for a first one. */
  existing: PartnerApplication | null;
  onSubmitted: () => void;
  onCancel?: () => void;
}

const AUDIENCE_HINT: Record<PartnerProgramme, string> = {
  reseller: 'Who reads, watches or shops with you, and roughly how many: e.g. “A weekly newsletter for 8,000 beginner dressmakers”.',
  supplier: 'Who buys from you and what you sell: e.g. “Online fabric shop for garment sewists, ships across the EU”.',
};

/** The application to a partner programme, or an edit of it: company, website, audience, country and a message. */
export function ApplicationForm({ programme, existing, onSubmitted, onCancel }: ApplicationFormProps) {
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
  const label = existing?.status === 'pending' ? 'Save changes' : existing ? 'Apply again' : 'Send application';

  return (
    <>
      <ErrorSummary items={form.summary(ids)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={`${programme === 'reseller' ? 'Reseller' : 'Supplier'} application`}
        onSubmit={form.onSubmit(async (input) => {
          await submitApplication(programme, existing, input);
          onSubmitted();
        })}
      >
        <TextField id={ids.company} label="Company or trading name" autoComplete="organization" required {...form.field('company')} />
        <TextField id={ids.website} label="Website" type="url" placeholder="https://" autoComplete="url" required {...form.field('website')} />
        <TextArea id={ids.audience} label="Your audience" hint={AUDIENCE_HINT[programme]} rows={3} required {...form.field('audience')} />
        <Select id={ids.country} label="Country you work from" placeholder="Choose a country" options={countryOptions()} required {...form.field('country')} />
        <TextArea id={ids.message} label="Anything else we should know (optional)" rows={3} {...form.field('message')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Sending…">
            {label}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );
}
