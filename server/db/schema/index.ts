export * from './accounts';
export * from './reference';
export * from './students';
export * from './teachers';
