import { useState } from 'react';
import { profileSchema } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, TextField } from '@stitchhouse/shared/ui/index.ts';
import { removeFile } from '../../api/uploads.ts';
import { saveAvatarPath, saveDisplayName, type Profile } from '../../api/profile.ts';
import { ImageUpload } from '../shared/ImageUpload.tsx';
import * as styles from '../layout/account.module.css';

/** Display name and avatar (avatars bucket, in the member's own folder). */
export function ProfileSection({ profile, avatarUrl, onChanged }: { profile: Profile; avatarUrl: string | null; onChanged: () => void }) {
  const form = useZodForm(profileSchema, { displayName: profile.displayName });
  const [saved, setSaved] = useState(false);
  const nameId = 'profile-display-name';
  return (
    <Card as="section" className={styles.section} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <div className={styles.row}>
        {avatarUrl ? (
          <img className={styles.avatar} src={avatarUrl} alt="Your avatar" />
        ) : (
          <div className={styles.avatar} role="img" aria-label="No avatar yet" />
        )}
        <ImageUpload
          label="Avatar"
          hint="A JPEG, PNG or WebP picture up to 10 MB. We crop it to a square from the middle."
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
      {saved ? <Alert tone="success">Your name is saved.</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label="Your name"
        onSubmit={form.onSubmit(async ({ displayName }) => {
          setSaved(false);
          await saveDisplayName(profile.id, displayName);
          setSaved(true);
          onChanged();
        })}
      >
        <TextField
          id={nameId}
          label="Display name"
          hint="Shown on your reviews, your store and in the header."
          autoComplete="name"
          required
          {...form.field('displayName')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Saving…">
            Save name
          </Button>
        </div>
      </form>
    </Card>
  );
}
