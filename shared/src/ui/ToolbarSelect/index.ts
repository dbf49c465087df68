export * from './ToolbarSelect';
