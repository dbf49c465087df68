// Test helpers for every app's jest tests (not part of the runtime bundle): import from '@fable/shared/testing'.
export * from './renderWithProviders';
export * from './renderRoute';
export * from './deployments';
export * from './mockApi';
export * from './userFixture';
export * from './characterProfileFixture';
export * from './remoteManifest';
