export const orderTotal = 0;
