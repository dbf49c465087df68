export * from './apiError';
export * from './errorCodes';
export * from './errorMessages';
export * from './formatMessage';
