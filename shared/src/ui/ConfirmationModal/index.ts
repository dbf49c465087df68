export * from './ConfirmationModal';
