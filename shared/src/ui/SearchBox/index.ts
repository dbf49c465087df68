export * from './SearchBox';
