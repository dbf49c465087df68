export * from './LinkTabs';
