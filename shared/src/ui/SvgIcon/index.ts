export * from './SvgIcon';
