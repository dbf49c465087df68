import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@fable/contracts';
import { NotFoundPage, Spinner, type RemoteRoutesModule } from '@fable/shared';
import { loadRemoteRoutes, retryRemote } from './remoteModule';
import { RemoteFallback } from './RemoteFallback';
import { reportRemote } from './remoteBeacon';

function useRemoteRoutes(name: RemoteName, attempt: number): RemoteRoutesModule | null {
  // The outcome of a load, kept with the load it belongs to: a new name or attempt is loading until its own outcome.
  const key = `${name}#${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; module: RemoteRoutesModule } | null>(null);
  useEffect(() => {
    let live = true;
    void loadRemoteRoutes(name).then((module) => live && setOutcome({ key, module }));
    return () => {
      live = false;
    };
  }, [name, key]);
  return outcome?.key === key ? outcome.module : null;
}

export interface RemotePageProps {
  remote: RemoteName;
  /** How the site names this remote in its fallback (its manifest's displayName). */
  displayName: string;
  page: string;
}

/** Renders one page of a remote; a remote that is down, broken or refused costs only its own routes. */
export function RemotePage({ remote, displayName, page }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  // From the click on Retry until the load it starts: the deployment is asked for again first (retryRemote).
  const [retrying, setRetrying] = useState(false);
  const module = useRemoteRoutes(remote, attempt);
  const retry = () => {
    setRetrying(true);
    void retryRemote(remote).then(() => {
      setRetrying(false);
      setAttempt((n) => n + 1);
    });
  };
  if (!module || retrying) return <Spinner label="Loading page" center />;
  if (module.unavailable) return <RemoteFallback remote={remote} displayName={displayName} onRetry={retry} />;
  // A route whose feature comes in a later release of the remote shows the 404 page.
  const Page: ComponentType = module.pages[page] ?? NotFoundPage;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} displayName={displayName} onRetry={retry}>
      <div data-remote={remote} data-remote-version={module.buildVersion} style={{ display: 'contents' }}>
        <Page />
      </div>
    </RemoteErrorBoundary>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  displayName: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote page that throws while rendering (module-federation/core's "remote-render-error"). */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[fable] ${this.props.remote} failed while rendering`, error, info.componentStack);
    reportRemote(this.props.remote, 'render_failed');
  }

  override render() {
    if (this.state.error) return <RemoteFallback remote={this.props.remote} displayName={this.props.displayName} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
