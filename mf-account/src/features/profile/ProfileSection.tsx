import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { profileSchema } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, serverMessage, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { LOCALES, LOCALE_NAMES, activateLocale, activeLocale, isLocale, rememberLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';
import { Alert, Button, Card, Select, TextField } from '@stitchhouse/shared/ui/index.ts';
import { removeFile } from '../../api/uploads.ts';
import { saveMemberLocale } from '@stitchhouse/shared/account/memberLocale.ts';
import { saveAvatarPath, saveDisplayName, type Profile } from '../../api/profile.ts';
import { ImageUpload } from '../shared/ImageUpload.tsx';
import * as styles from '../layout/account.module.css';

/** Display name and avatar (avatars bucket, in the member's own folder), and the member's language. */
export function ProfileSection({ profile, avatarUrl, onChanged }: { profile: Profile; avatarUrl: string | null; onChanged: () => void }) {
  const { i18n } = useLingui();
  const form = useZodForm(profileSchema, { displayName: profile.displayName });
  const [saved, setSaved] = useState(false);
  const nameId = 'profile-display-name';
  return (
    <Card as="section" className={styles.section} aria-labelledby="profile-title">
      <h2 id="profile-title">{i18n._('account.profile.title')}</h2>
      <div className={styles.row}>
        {avatarUrl ? (
          <img className={styles.avatar} src={avatarUrl} alt={i18n._('account.profile.avatarAlt')} />
        ) : (
          <div className={styles.avatar} role="img" aria-label={i18n._('account.profile.noAvatar')} />
        )}
        <ImageUpload
          label={i18n._('account.profile.avatar')}
          progressLabel={i18n._('account.profile.avatarUploading')}
          hint={i18n._('account.profile.avatarHint')}
          bucket="avatars"
          shape="square"
          pathFor={(ext) => `${profile.id}/avatar-${Date.now()}.${ext}`}
          onUploaded={async (path) => {
            await saveAvatarPath(profile.id, path);
            if (profile.avatarPath && profile.avatarPath !== path) await removeFile('avatars', profile.avatarPath).catch(() => undefined);
            onChanged();
          }}
        />
      </div>
      <ErrorSummary items={form.summary({ displayName: nameId })} attempt={form.attempt} />
      {saved ? <Alert tone="success">{i18n._('account.profile.nameSaved')}</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('account.profile.nameForm')}
        onSubmit={form.onSubmit(async ({ displayName }) => {
          setSaved(false);
          await saveDisplayName(profile.id, displayName);
          setSaved(true);
          onChanged();
        })}
      >
        <TextField
          id={nameId}
          label={i18n._('account.profile.displayName')}
          hint={i18n._('account.profile.displayNameHint')}
          autoComplete="name"
          required
          {...form.field('displayName')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('account.saving')}>
            {i18n._('account.profile.saveName')}
          </Button>
        </div>
      </form>
      <LanguageSetting profile={profile} onChanged={onChanged} />
    </Card>
  );
}

/**
 * The member's language (profiles.locale): emails go out in it and every new sign-in opens in it.
 * Saving also switches this page to it and remembers it on this device.
 */
function LanguageSetting({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<Locale>(profile.locale ?? activeLocale());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { saved: false; message: string } | null>(null);
  const id = 'profile-locale';
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={i18n._('account.profile.languageForm')}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setOutcome(null);
        saveMemberLocale(choice)
          .then(async () => {
            await activateLocale(choice);
            rememberLocale(choice);
            setOutcome({ saved: true });
            onChanged();
          })
          .catch((error: unknown) => setOutcome({ saved: false, message: serverMessage(error).message }))
          .finally(() => setBusy(false));
      }}
    >
      {outcome?.saved ? <Alert tone="success">{i18n._('account.profile.languageSaved', { language: LOCALE_NAMES[choice] })}</Alert> : null}
      {outcome && !outcome.saved ? (
        <Alert tone="danger" title={i18n._('account.profile.languageNotSaved')}>
          {outcome.message}
        </Alert>
      ) : null}
      <Select
        id={id}
        label={i18n._('account.profile.language')}
        hint={i18n._('account.profile.languageHint')}
        options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        value={choice}
        onChange={(event) => isLocale(event.target.value) && setChoice(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel={i18n._('account.saving')}>
          {i18n._('account.profile.saveLanguage')}
        </Button>
      </div>
    </form>
  );
}
