export * from './Avatar';
