export * from './remoteManifest';
