export * from './permissions/permissions';
export * from './remotes';
export * from './deployment/deployment';
export * from './http/headers';
export * from './entities';
export * from './limits';
export * from './errors';
export * from './text';
