import { passwordRules, passwordStrength, STRENGTH_LABELS } from '@stitchhouse/shared/auth/index.ts';
import * as styles from './password.module.css';
import { useCommonPasswords } from './useCommonPasswords.ts';
import { Trans, useLingui } from '@lingui/react';

export interface PasswordStrengthProps {
  password: string;
  /** id for aria-describedby on the password input. */
  id: string;
}

/**
 * Strength and the rules checklist, updated as the person types. The strength word is
 * a polite live region so it is read after typing pauses, not on every key.
 */
export function PasswordStrength({ password, id }: PasswordStrengthProps) {
  const { i18n } = useLingui();
  useCommonPasswords();
  const strength = passwordStrength(password);
  const rules = passwordRules(password);
  return (
    <div id={id} className={styles.strength} data-strength={strength}>
      <div className={styles.meter} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= strength ? styles[`on${strength}`] : styles.off} />
        ))}
      </div>
      <p className={styles.label} aria-live="polite">
        <Trans
          id="auth.strength.label"
          values={{ strength: password === '' ? i18n._('auth.strength.notSet') : STRENGTH_LABELS[strength] }}
          components={{ 0: <strong /> }}
        />
      </p>
      <ul className={styles.rules} aria-label={i18n._('auth.strength.rulesLabel')}>
        {rules.map((rule) => (
          <li key={rule.id} className={rule.met ? styles.met : styles.unmet} data-rule={rule.id} data-met={rule.met}>
            <span aria-hidden="true" className={styles.mark}>
              {rule.met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className={styles.srOnly}> {rule.met ? i18n._('auth.strength.done') : i18n._('auth.strength.notYet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
