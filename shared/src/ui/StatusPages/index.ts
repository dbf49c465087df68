export * from './StatusPages';
