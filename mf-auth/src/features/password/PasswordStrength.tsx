import { passwordRules, passwordStrength, STRENGTH_LABELS } from '@stitchhouse/shared/auth/index.ts';
import * as styles from './password.module.css';
import { useCommonPasswords } from './useCommonPasswords.ts';

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
        Password strength: <strong>{password === '' ? 'not set yet' : STRENGTH_LABELS[strength]}</strong>
      </p>
      <ul className={styles.rules} aria-label="Your password needs">
        {rules.map((rule) => (
          <li key={rule.id} className={rule.met ? styles.met : styles.unmet} data-rule={rule.id} data-met={rule.met}>
            <span aria-hidden="true" className={styles.mark}>
              {rule.met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className={styles.srOnly}>{rule.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
