/**
 * The chat apps a prompt can be opened in: each opens a new chat with the
 * text typed in (not sent) from a `q` query parameter. None of them documents
 * the parameter; each is long established and used in public projects
 * (docs/open-in.md has the sources):
 *
 * | App        | New chat with text                        | Source                                        |
 * | ---------- | ----------------------------------------- | --------------------------------------------- |
 * | ChatGPT    | https://chatgpt.com/?q=TEXT               | T. Hunner, "GPT and Claude from your URL bar" |
 * | Claude     | https://claude.ai/new?q=TEXT              | same post                                     |
 * | Perplexity | https://www.perplexity.ai/search?q=TEXT   | same post; medyo/hackertab.dev                |
 * | Le Chat    | https://chat.mistral.ai/chat?q=TEXT       | medyo/hackertab.dev (src/config/SearchEngines) |
 * | Grok       | https://grok.com/?q=TEXT                  | medyo/hackertab.dev (src/config/SearchEngines) |
 *
 * No app publishes a limit for the address. MAX_CHAT_URL_LENGTH is the
 * conservative one every target gets until one documents its own: common
 * server defaults stop at about 8 KB of request line (nginx's
 * large_client_header_buffers 8k, Apache's LimitRequestLine 8190), and a
 * signed-in visitor's cookies travel in the same request, which is how
 * ChatGPT came to answer a long `?q=` with '431 Request Header Fields Too
 * Large' (resend/react-email issue 3403). The encoded address is plain
 * ASCII, so its length in characters is its length in bytes.
 */
export const MAX_CHAT_URL_LENGTH = 8000;

export interface ChatTarget {
  /** Stable id, for keys and test ids. */
  readonly id: string;
  /** The app's name as its makers write it. */
  readonly name: string;
  /** The address up to the text, ending in `q=`. */
  readonly prefix: string;
  /** The longest address (in characters) this app is trusted to accept. */
  readonly maxUrlLength: number;
}

export const CHAT_TARGETS: readonly ChatTarget[] = [
  { id: 'chatgpt', name: 'ChatGPT', prefix: 'https://chatgpt.com/?q=', maxUrlLength: MAX_CHAT_URL_LENGTH },
  { id: 'claude', name: 'Claude', prefix: 'https://claude.ai/new?q=', maxUrlLength: MAX_CHAT_URL_LENGTH },
  { id: 'perplexity', name: 'Perplexity', prefix: 'https://www.perplexity.ai/search?q=', maxUrlLength: MAX_CHAT_URL_LENGTH },
  { id: 'le-chat', name: 'Mistral Le Chat', prefix: 'https://chat.mistral.ai/chat?q=', maxUrlLength: MAX_CHAT_URL_LENGTH },
  { id: 'grok', name: 'Grok', prefix: 'https://grok.com/?q=', maxUrlLength: MAX_CHAT_URL_LENGTH },
];

/**
 * The address that opens a new chat in `target` with `text` typed in, or
 * undefined when that address would be longer than the app is trusted to
 * accept (the caller then copies the text instead).
 */
export function chatUrl(target: ChatTarget, text: string): string | undefined {
  const url = `${target.prefix}${encodeURIComponent(text)}`;
  return url.length <= target.maxUrlLength ? url : undefined;
}
