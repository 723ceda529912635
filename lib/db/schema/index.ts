export * from './territory';
export * from './places';
export * from './providers';
export * from './cache';
export * from './health';
export * from './notifications';
export * from './reports';
