// Test helpers for every app's jest tests (not part of the runtime bundle): import from '@fable/shared/testing'.
export * from './renderWithProviders';
export * from './renderRoute';
export * from './deployments';
// The mock API and its fixtures live in the dev-only @fable/mocks workspace; the UI tests reach them from here.
export * from '@fable/mocks/node';
export * from './remoteManifest';
