/**
 * When two spellings of a category or model are one value: 'coding' and
 * 'Coding', 'gpt 4o' and 'GPT-4o'. The server stores a new value in the
 * spelling the library already has (so the filters, the Insights counts and
 * the suggestions never split one value in two), and the share form's
 * suggestion list offers 'GPT-4o' for 'gpt 4o'.
 *
 * The rule: Unicode compatibility forms are folded (NFKC: a full-width 'Ｇ'
 * is 'G', 'ﬁ' is 'fi'), case is ignored, and so are white space and
 * punctuation, except '#', which names things ('C#', 'F#'); symbols such as
 * '+' stay too ('C++'). Accents count: 'Écriture' is not 'Ecriture'.
 */
const IGNORED = /[\s\p{P}]/gu;
const KEPT_PUNCTUATION = '#';

export function spellingKey(value: string): string {
  const folded = value.normalize('NFKC').toLowerCase();
  const key = folded.replace(IGNORED, (character) => (character === KEPT_PUNCTUATION ? character : ''));
  // A value of punctuation only ('???') keeps its punctuation, so it does not
  // share the empty key with every other such value.
  return key === '' ? folded.trim().replace(/\s+/gu, ' ') : key;
}

/** True when the two are one value spelled two ways. */
export function sameSpelling(a: string, b: string): boolean {
  return spellingKey(a) === spellingKey(b);
}
