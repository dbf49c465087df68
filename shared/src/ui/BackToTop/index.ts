export * from './BackToTop';
