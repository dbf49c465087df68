export * from './ButtonLink';
