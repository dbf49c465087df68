export * from './textInputCss';
