export * from './CardGrid';
