import { STORAGE_KEYS, USER_ID_PATTERN, USER_ID_PREFIX } from '@prompt-vault/shared/limits';
import { readStorage, writeStorage } from './storage';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 20;

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * The visitor's anonymous id ('user_' plus a random string), created once and
 * kept in localStorage under `userId`. A stored value of another shape is
 * replaced, because the server would refuse it.
 */
export function getUserId(): string {
  const stored = readStorage(STORAGE_KEYS.userId);
  if (stored && USER_ID_PATTERN.test(stored)) return stored;
  const created = `${USER_ID_PREFIX}${randomSuffix()}`;
  writeStorage(STORAGE_KEYS.userId, created);
  return created;
}

/** The stored id, without creating one (the copy call sends 'anonymous' instead). */
export function storedUserId(): string | null {
  const stored = readStorage(STORAGE_KEYS.userId);
  return stored && USER_ID_PATTERN.test(stored) ? stored : null;
}
