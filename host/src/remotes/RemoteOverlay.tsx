import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemoteRoutes } from './remoteModule';
import { slotFillers, useShellRemotes } from './shellRemotes';

/**
 * A remote's page shown over every page (not a route), from the `overlays` slot: the account remote's onboarding
 * modal. Quiet: while it loads, or when its remote is unavailable or it throws, nothing shows.
 */
export function RemoteOverlay({ page }: { page: string }) {
  const owner = slotFillers(useShellRemotes(), 'overlays').find(({ fill }) => fill.includes(page))?.remote.name ?? null;
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!owner) return;
    let live = true;
    void loadRemoteRoutes(owner).then((module) => {
      const found = module.pages[page];
      if (live && found) setPage(() => found);
    });
    return () => {
      live = false;
    };
  }, [owner, page]);
  return Page ? (
    <QuietBoundary page={page}>
      <Page />
    </QuietBoundary>
  ) : null;
}

class QuietBoundary extends Component<{ page: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error(`[fable] the ${this.props.page} overlay failed`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
