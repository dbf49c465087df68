export * from './CardSurface';
