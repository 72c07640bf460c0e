export * from './accounts';
export * from './limits';
export * from './reference';
export * from './students';
export * from './teachers';
