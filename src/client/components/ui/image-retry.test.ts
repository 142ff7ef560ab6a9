import { describe, expect, it } from 'vitest';
import { cacheBustedUrl } from './image-retry.ts';

describe('image retry', () => {
  it('adds a cache-busting query', () => {
    expect(cacheBustedUrl('/uploads/a.webp', 42)).toBe('/uploads/a.webp?retry=42');
    expect(cacheBustedUrl('https://cdn.example/a.jpg?w=400', 42)).toBe('https://cdn.example/a.jpg?w=400&retry=42');
  });
});
