import { HONEYPOT_FIELD } from '@prompt-vault/shared/schemas';

/**
 * True when the hidden anti-spam field was filled in. People never see the
 * field; form-filling bots do. Such a request is answered as if it succeeded
 * (so the bot learns nothing) and its content is discarded.
 */
export function isHoneypotFilled(input: { readonly [HONEYPOT_FIELD]?: string | undefined }): boolean {
  const value = input[HONEYPOT_FIELD];
  return value !== undefined && value.trim() !== '';
}
