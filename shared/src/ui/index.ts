export * from './Button';
export * from './Spinner';
export * from './EmptyState';
export * from './StatusPages';
