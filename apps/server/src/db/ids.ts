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

/**
 * Every id newId makes (and every id in tests and sample data) has this
 * shape; anything else cannot name a row, and is answered without asking the
 * database (PostgreSQL refuses text containing NUL, for one).
 */
export const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
