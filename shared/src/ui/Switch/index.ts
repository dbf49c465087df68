export * from './Switch';
