/**
 * Any render error (or a page whose code failed to load) shows the 500 page
 * instead of a white screen. `resetKey` (the path) clears the error when the
 * user navigates elsewhere; `inShell` keeps the navigation around the page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import ServerErrorPage from './pages/ServerErrorPage';

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
  resetKey?: string;
  inShell?: boolean;
}

interface State {
  error: Error | null;
  key: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      const detail = import.meta.env.DEV ? this.state.error.message : undefined;
      return this.props.fallback ?? <ServerErrorPage inShell={this.props.inShell} detail={detail} />;
    }
    return this.props.children;
  }
}
