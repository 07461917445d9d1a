export * from './identity.ts';
export * from './portal.ts';
