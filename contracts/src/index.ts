export * from './permissions/permissions';
export * from './remotes';
export * from './deployment/deployment';
export * from './http/headers';
