import { describe, expect, it } from 'vitest';
import { pgErrorCode, uniqueViolationConstraint } from './pg-error-code.ts';

describe('database error codes', () => {
  const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_unique' });

  it('finds the SQLSTATE and the constraint, also inside the ORM wrapper', () => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: driverError });
    expect(pgErrorCode(wrapped)).toBe('23505');
    expect(uniqueViolationConstraint(driverError)).toBe('users_email_unique');
    expect(uniqueViolationConstraint(wrapped)).toBe('users_email_unique');
  });

  it('is null for anything but a unique violation, and "" when the driver names no constraint', () => {
    expect(uniqueViolationConstraint(Object.assign(new Error('fk'), { code: '23503', constraint: 'x' }))).toBeNull();
    expect(uniqueViolationConstraint(new Error('plain'))).toBeNull();
    expect(uniqueViolationConstraint(Object.assign(new Error('dup'), { code: '23505' }))).toBe('');
  });
});
