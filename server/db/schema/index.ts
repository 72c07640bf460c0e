export * from './accounts';
export * from './notifications';
export * from './reference';
export * from './students';
export * from './teachers';
