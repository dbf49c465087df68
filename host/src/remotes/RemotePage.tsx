import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@fable/contracts';
import { NotFoundPage, Spinner, type RemoteRoutesModule } from '@fable/shared';
import { forgetRemote, loadRemoteRoutes } from './remoteModule';
import { RemoteFallback } from './RemoteFallback';
import { reregisterRemote } from './registerDeploymentRemotes';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule }
  | { status: 'failed'; error: Error };

function useRemoteRoutes(name: RemoteName, attempt: number): LoadState {
  // The outcome of a load, kept with the load it belongs to: a new name or attempt is loading until its own outcome.
  const key = `${name}#${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; state: LoadState } | null>(null);
  useEffect(() => {
    let live = true;
    loadRemoteRoutes(name).then(
      (module) => live && setOutcome({ key, state: { status: 'ready', module } }),
      (error: unknown) => {
        if (!live) return;
        console.error(`[fable] ${name} could not be loaded`, error);
        setOutcome({ key, state: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } });
      },
    );
    return () => {
      live = false;
    };
  }, [name, key]);
  return outcome?.key === key ? outcome.state : { status: 'loading' };
}

/** Renders one page of a remote; a remote that is down or incompatible costs only its own routes. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemoteRoutes(remote, attempt);
  const retry = () => {
    forgetRemote(remote);
    reregisterRemote(remote);
    setAttempt((n) => n + 1);
  };
  if (state.status === 'loading') return <Spinner label="Loading page" center />;
  if (state.status === 'failed') return <RemoteFallback remote={remote} error={state.error} onRetry={retry} />;
  // A route whose feature comes in a later release of the remote shows the 404 page.
  const Page: ComponentType = state.module.pages[page] ?? NotFoundPage;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <div data-remote={remote} data-remote-version={state.module.buildVersion} style={{ display: 'contents' }}>
        <Page />
      </div>
    </RemoteErrorBoundary>
  );
}

interface BoundaryProps {
  remote: RemoteName;
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
  }

  override render() {
    if (this.state.error) return <RemoteFallback remote={this.props.remote} error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
