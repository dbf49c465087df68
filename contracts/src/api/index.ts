export * from './apiCall';
export * from './auth';
export * from './users';
export * from './devMailbox';
