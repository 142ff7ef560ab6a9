export * from './schema/accounts.ts';
export * from './schema/catalog.ts';
export * from './schema/content.ts';
export * from './schema/coupons.ts';
export * from './schema/limits.ts';
export * from './schema/mail.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
