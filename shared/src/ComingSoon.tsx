import { Link } from 'react-router';
import { routeByPath } from './routes.ts';
import * as styles from './ComingSoon.module.css';

export interface ComingSoonProps {
  /** The contract path of the screen, e.g. `/payment/send`: its title becomes the h1. */
  path: string;
}

/**
 * A screen whose issue has not landed yet. Plainly labelled, with the screen's real
 * title as its main heading; `data-coming-soon` lets the browser tests report it as
 * pending rather than passing.
 */
export function ComingSoon({ path }: ComingSoonProps) {
  const route = routeByPath(path);
  return (
    <section className={styles.comingSoon} data-coming-soon={route.path}>
      <h1>{route.title}</h1>
      <p className={styles.badge}>Coming soon</p>
      <p className={styles.lead}>
        This part of the marketplace is being built. In the meantime you can browse what is already here.
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
