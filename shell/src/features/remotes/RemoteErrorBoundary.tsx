import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError } from '../../federation/loadScreen.ts';
import { RemoteUnavailable } from './RemoteUnavailable.tsx';

interface Props {
  title: string;
  /** The remote's name (mf_catalog…): the block's heading names it. */
  remote: string;
  /** What is unavailable, for the console ("The pattern catalog"). */
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** Keeps a failing remote inside its own route: the rest of the page is untouched. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[stitchhouse] ${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RemoteUnavailable
        title={this.props.title}
        remote={this.props.remote}
        reason={this.state.error instanceof RemoteLoadError ? 'unreachable' : 'crashed'}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
