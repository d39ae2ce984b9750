/** First letter of a word, whole code points (never half a surrogate pair), upper-cased. */
function firstLetter(word: string): string {
  return (Array.from(word)[0] ?? '').toLocaleUpperCase('en-US');
}

/**
 * Avatar letters of a full name: the first letters of its first and last words
 * ('Somtochukwu Ikechukwu Igwe' → 'SI'); one letter for a one-word name, '?' for none.
 */
export function initialsOf(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = firstLetter(words[0]!);
  return words.length === 1 ? first : first + firstLetter(words[words.length - 1]!);
}
