import { escapeHtml } from './escape-html';

// Characters XML 1.0 forbids even when escaped (most C0 controls, lone
// surrogates, U+FFFE/U+FFFF); one of them in a prompt would make the whole
// feed unreadable, so each becomes U+FFFD.
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for an XML text node or a quoted attribute value. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, '\uFFFD'));
}
