export * from './subjects';
export * from './session';
export * from './errors';
export * from './entities';
export * from './token';
export * from './codec';
export * from './directory';
export * from './settings';
