export * from './apiCall';
export * from './auth';
export * from './users';
export * from './devMailbox';
export * from './discovery';
export * from './leaderboard';
export * from './chat';
