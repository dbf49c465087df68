export * from './usePermission';
export * from './useDebounce';
export * from './useDebouncedCallback';
export * from './useLocalStorage';
export * from './localStorageValue';
