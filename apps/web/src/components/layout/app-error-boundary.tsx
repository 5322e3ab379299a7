import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen.tsx';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Last line of defence around the providers; errors inside routes are caught by the router first. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Console crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}
