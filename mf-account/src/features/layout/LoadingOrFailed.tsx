import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Spinner } from '@stitchhouse/shared/ui/index.ts';
import type { AsyncState } from '@stitchhouse/shared/useAsync.ts';

export interface LoadingOrFailedProps {
  state: AsyncState<unknown> & { retry(): void };
  /** The alert's title when the load fails, e.g. "Your store could not be loaded". */
  failedTitle: string;
  loadingLabel: string;
}

/**
 * What an account screen shows until its data is here: a spinner, or the failure with a retry.
 * A screen renders it while `state.status === 'error' || !state.data`.
 */
export function LoadingOrFailed({ state, failedTitle, loadingLabel }: LoadingOrFailedProps) {
  if (state.status === 'error') {
    return (
      <Alert tone="danger" title={failedTitle} actions={<Button onClick={state.retry}>Try again</Button>}>
        {serverMessage(state.error).message}
      </Alert>
    );
  }
  return (
    <div aria-busy="true">
      <Spinner label={loadingLabel} showLabel />
    </div>
  );
}
