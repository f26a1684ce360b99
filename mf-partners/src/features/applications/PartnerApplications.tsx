import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { href, useSession } from '@stitchhouse/shared';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, LinkButton, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, isOperator, myApplication, type PartnerApplication } from '../../api/applications.ts';
import { ApplicantPanel } from './ApplicantPanel.tsx';
import { OperatorQueue } from './OperatorQueue.tsx';
import * as styles from './applications.module.css';

export interface PartnerApplicationsProps {
  programme: PartnerProgramme;
  /** The page path to come back to after signing in, e.g. "/partners/suppliers". */
  path: string;
  /** What an approved partner sees under their status (the reseller's links, the supplier's kits). */
  approved?: (application: PartnerApplication, userId: string) => ReactNode;
}

/**
 * Applying to a programme and reviewing it, for one page: signed out, a sign-in link; an
 * operator, the programme's review queue; anyone else, their application (form, status, edit,
 * withdraw) and, once approved, what `approved` renders.
 */
export function PartnerApplications({ programme, path, approved }: PartnerApplicationsProps) {
  const { i18n } = useLingui();
  const { session, loading } = useSession();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? '';
  const state = useQuery({
    queryKey: applicationKeys.mine(programme, userId),
    queryFn: async () => {
      const [operator, application] = await Promise.all([isOperator(userId), myApplication(userId, programme)]);
      return { operator, application };
    },
    enabled: userId !== '',
  });
  const headingId = `${programme}-apply-title`;
  const heading = state.data?.operator
    ? i18n._('partners.apply.heading.review')
    : state.data?.application?.status === 'approved'
      ? i18n._('partners.apply.heading.partnership')
      : i18n._('partners.apply.heading.apply');

  let body: ReactNode;
  if (loading || (userId && !state.data && state.status !== 'error')) {
    body = (
      <div aria-busy="true">
        <Spinner label={i18n._('partners.apply.loading')} showLabel />
      </div>
    );
  } else if (!session || session.user.is_anonymous) {
    body = (
      <>
        <p>{i18n._('partners.apply.signIn.body')}</p>
        <div className={styles.actions}>
          <LinkButton to={signInHref(path)}>{i18n._('partners.apply.signIn')}</LinkButton>
          <Link to={href('/sign-up')}>{i18n._('partners.apply.signUp')}</Link>
        </div>
      </>
    );
  } else if (state.status === 'error' || !state.data) {
    body = (
      <Alert
        tone="danger"
        title={i18n._('partners.apply.loadFailed')}
        actions={
          <Button size="small" onClick={() => void state.refetch()}>
            {i18n._('partners.tryAgain')}
          </Button>
        }
      >
        {serverMessage(state.error).message}
      </Alert>
    );
  } else if (state.data.operator) {
    body = <OperatorQueue programme={programme} operatorId={userId} />;
  } else {
    const application = state.data.application;
    body = (
      <>
        <ApplicantPanel
          programme={programme}
          application={application}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: applicationKeys.mine(programme, userId) })}
        />
        {application?.status === 'approved' && approved ? approved(application, userId) : null}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {body}
    </section>
  );
}
