export * from './accounts';
export * from './jobs';
export * from './limits';
export * from './notifications';
export * from './reference';
export * from './students';
export * from './teachers';
