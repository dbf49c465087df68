export * from './abbreviateCount';
