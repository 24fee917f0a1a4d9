// Planted tests, run only by tests/unit/console-errors.test.ts.
import { expect, it, vi } from 'vitest';

it('logs an error and asserts nothing about it', () => {
  console.error('Unexpected error in a planted test');
  expect(1).toBe(1);
});

it('logs an error it expects, through its own spy', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  console.error('An error this test provokes on purpose');
  expect(logged).toHaveBeenCalledOnce();
  logged.mockRestore();
});

it('logs nothing', () => {
  expect(2).toBe(2);
});
