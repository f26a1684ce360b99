import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { CERTIFICATE_MAX_BYTES, sniffCertificateType, wholesaleApplicationSchema } from '@stitchhouse/shared/account/schemas.ts';
import { taxIdExample } from '@stitchhouse/shared/account/taxId.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Progress, Select, TextField, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { uploadFile } from '../../api/uploads.ts';
import { submitApplication, type Application } from '../../api/wholesale.ts';
import { countryOptions } from '@stitchhouse/shared/countries.ts';
import * as styles from '../layout/account.module.css';

const IDS = {
  businessName: 'wholesale-business',
  country: 'wholesale-country',
  taxId: 'wholesale-tax-id',
  addressLine1: 'wholesale-address1',
  addressLine2: 'wholesale-address2',
  city: 'wholesale-city',
  postalCode: 'wholesale-postcode',
  region: 'wholesale-region',
  website: 'wholesale-website',
  certificate: 'wholesale-certificate',
};

export interface ApplicationFormProps {
  userId: string;
  existing: Application | null;
  onSubmitted: () => void;
}

/** The application (or re-application): the business, its tax number, address and certificate. */
export function ApplicationForm({ userId, existing, onSubmitted }: ApplicationFormProps) {
  const { i18n } = useLingui();
  const form = useZodForm(wholesaleApplicationSchema, {
    businessName: existing?.businessName ?? '',
    country: existing?.country ?? 'DE',
    taxId: existing?.taxId ?? '',
    addressLine1: existing?.addressLine1 ?? '',
    addressLine2: existing?.addressLine2 ?? '',
    city: existing?.city ?? '',
    postalCode: existing?.postalCode ?? '',
    region: existing?.region ?? '',
    website: existing?.website ?? '',
    certificate: '', // only carries the certificate's error message
  });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const example = taxIdExample(form.values.country);

  async function pick(chosen: File | undefined) {
    setFile(null);
    form.setValue('certificate', '');
    if (!chosen) return;
    const kind = sniffCertificateType(new Uint8Array(await chosen.slice(0, 8).arrayBuffer()));
    if (chosen.size > CERTIFICATE_MAX_BYTES) form.invalid('certificate', i18n._('account.wholesaleForm.tooBig', { size: formatBytes(chosen.size) }));
    else if (!kind) form.invalid('certificate', i18n._('account.wholesaleForm.wrongType'));
    else setFile(chosen);
  }

  return (
    <>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('account.wholesaleForm.form')}
        onSubmit={form.onSubmit(async (input) => {
          if (!file && !existing?.documentPath) {
            form.invalid('certificate', i18n._('account.wholesaleForm.missing'));
            return;
          }
          let documentPath = existing?.documentPath ?? null;
          if (file) {
            const kind = sniffCertificateType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
            const ext = kind === 'application/pdf' ? 'pdf' : kind === 'image/png' ? 'png' : 'jpg';
            documentPath = `${userId}/resale-certificate-${Date.now()}.${ext}`;
            setProgress({ sent: 0, total: file.size });
            await uploadFile('wholesale-documents', documentPath, new Blob([file], { type: kind ?? file.type }), (sent, total) => setProgress({ sent, total }));
          }
          await submitApplication(existing, input, documentPath);
          onSubmitted();
        })}
      >
        <TextField
          id={IDS.businessName}
          label={i18n._('account.wholesaleForm.business')}
          autoComplete="organization"
          required
          {...form.field('businessName')}
        />
        <Select id={IDS.country} label={i18n._('account.form.country')} options={countryOptions(i18n.locale)} required {...form.field('country')} />
        <TextField
          id={IDS.taxId}
          label={i18n._('account.wholesaleForm.taxId')}
          hint={example ? i18n._('account.wholesaleForm.taxIdExample', { example }) : i18n._('account.wholesaleForm.taxIdHint')}
          required
          {...form.field('taxId')}
        />
        <TextField id={IDS.addressLine1} label={i18n._('account.form.street')} autoComplete="address-line1" required {...form.field('addressLine1')} />
        <TextField id={IDS.addressLine2} label={i18n._('account.form.address2')} autoComplete="address-line2" {...form.field('addressLine2')} />
        <TextField id={IDS.city} label={i18n._('account.form.city')} autoComplete="address-level2" required {...form.field('city')} />
        <TextField id={IDS.postalCode} label={i18n._('account.form.postcode')} autoComplete="postal-code" required {...form.field('postalCode')} />
        <TextField id={IDS.region} label={i18n._('account.form.region')} autoComplete="address-level1" {...form.field('region')} />
        <TextField
          id={IDS.website}
          label={i18n._('account.wholesaleForm.website')}
          type="url"
          placeholder={i18n._('account.wholesaleForm.websitePlaceholder')}
          autoComplete="url"
          {...form.field('website')}
        />
        <div>
          <label htmlFor={IDS.certificate}>
            <strong>{i18n._('account.wholesaleForm.certificate')}</strong>
          </label>
          <p id={`${IDS.certificate}-hint`} className={styles.muted}>
            {existing?.documentPath ? i18n._('account.wholesaleForm.certificateReplaceHint') : i18n._('account.wholesaleForm.certificateHint')}
          </p>
          <input
            id={IDS.certificate}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            aria-describedby={`${IDS.certificate}-hint${form.errors.certificate ? ` ${IDS.certificate}-error` : ''}`}
            aria-invalid={form.errors.certificate ? true : undefined}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          {form.errors.certificate ? (
            <p id={`${IDS.certificate}-error`} className={styles.bad}>
              {form.errors.certificate}
            </p>
          ) : null}
        </div>
        {progress ? (
          <Progress
            label={i18n._('account.wholesaleForm.uploading')}
            value={progress.sent}
            max={progress.total}
            valueText={i18n._('account.bytesOf', { sent: formatBytes(progress.sent), total: formatBytes(progress.total) })}
          />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('account.wholesaleForm.sending')}>
            {existing ? i18n._('account.wholesaleForm.applyAgain') : i18n._('account.wholesaleForm.apply')}
          </Button>
        </div>
      </form>
    </>
  );
}
