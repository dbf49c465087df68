export * from './TagChips';
