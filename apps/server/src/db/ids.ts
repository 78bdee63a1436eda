import { randomBytes } from 'node:crypto';

/**
 * Opaque ids generated in code (not by a dialect-only SQL function), so one
 * migration serves both databases: 16 URL-safe characters, 96 random bits.
 */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** The current time as the fixed-width ISO string every table stores. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
