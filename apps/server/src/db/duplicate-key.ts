import { createHash } from 'node:crypto';

/**
 * Normalises text for duplicate detection: Unicode NFC, trimmed, lower-cased,
 * every run of whitespace collapsed to one space. Two prompts that differ only
 * in these ways are the same prompt to a reader.
 */
export function normaliseForDuplicates(text: string): string {
  return text.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' ');
}

/**
 * The key stored in prompts.duplicate_key (unique): a SHA-256 of the normalised
 * title and text. A unique index on a fixed-width hash stays small and makes
 * two concurrent identical submissions race-safe: the database admits one.
 */
export function duplicateKey(title: string, prompt: string): string {
  const normalised = JSON.stringify([normaliseForDuplicates(title), normaliseForDuplicates(prompt)]);
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
}
