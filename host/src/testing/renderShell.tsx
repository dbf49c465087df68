import type { ReactElement } from 'react';
import { selectDeployment, type AppStore } from '@fable/shared';
import { deploymentFixture, renderWithProviders } from '@fable/shared/testing';
import { ShellRemotesProvider } from '../remotes/shellRemotes';
import { shellRemotesFixture } from './shellRemotes';

/** renderWithProviders, inside the remotes of the store's deployment (the main fixture when it has none). */
export function renderShell(ui: ReactElement, options: { store: AppStore; route?: string }) {
  const deployment = selectDeployment(options.store.getState()) ?? deploymentFixture();
  return renderWithProviders(<ShellRemotesProvider remotes={shellRemotesFixture(deployment)}>{ui}</ShellRemotesProvider>, options);
}
