export * from './Pagination';
export * from './paginationRange';
