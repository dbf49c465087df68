export * from './Toolbar';
