export * from './stripHtml';
export * from './htmlEntities';
export * from './linkDetection';
