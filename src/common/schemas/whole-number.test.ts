import { describe, expect, it } from 'vitest';
import { AssociateImageInput } from './admin-images.ts';
import { ProductListQuery } from './catalog.ts';
import { positiveId } from './whole-number.ts';

const Id = positiveId('Id must be a positive integer');

describe('positiveId', () => {
  it.each([
    ['16', 16],
    [16, 16],
    ['01', 1],
    ['2147483647', 2_147_483_647],
  ])('reads %j as %j', (input, expected) => {
    expect(Id.parse(input)).toBe(expected);
  });

  it.each(['0x10', '1e1', ' 1', '1 ', '+1', '-1', '1.0', '', '0', '0b1', 'Infinity', '2147483648', '99999999999999999999', 1.5, null, true])(
    'refuses %j',
    (input) => {
      const result = Id.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Id must be a positive integer');
    },
  );
});

describe('ids in shared schemas', () => {
  it('refuses hex and exponent forms where z.coerce.number read them as numbers', () => {
    expect(ProductListQuery.safeParse({ brandId: '0x10' }).success).toBe(false);
    expect(ProductListQuery.parse({ brandId: '16' }).brandId).toBe(16);
    expect(AssociateImageInput.safeParse({ productId: '1e1', filename: 'a.webp' }).success).toBe(false);
  });
});
