export * from './Dropdown';
