/**
 * `compute`, remembered per text: an editor asks about the same texts (a manifest's cron
 * expressions and CIDs, the short strings of its findings) at every keystroke. Texts longer than
 * `longest` are computed but not kept, and the memory is emptied when it holds `limit` texts, so
 * it stays small whatever a document holds. `compute` must give the same answer for the same text;
 * what it returns is shared between callers, so it must not be changed.
 */
export function remembered<T>(compute: (text: string) => T, limit: number, longest: number): (text: string) => T {
  const memory = new Map<string, { answer: T }>();
  return (text) => {
    // A longer text is never kept, and looking it up would hash the whole of it.
    if (text.length > longest) return compute(text);
    let entry = memory.get(text);
    if (!entry) {
      // Kept, and computed from, a copy of its own: a text cut from a document would keep the
      // whole document alive for as long as it is remembered.
      const kept = detached(text);
      entry = { answer: compute(kept) };
      if (memory.size >= limit) memory.clear();
      memory.set(kept, entry);
    }
    return entry.answer;
  };
}

/**
 * A copy of `text` that refers to no longer string. V8 keeps a slice as a reference into the
 * string it was cut from; a string joined to another is copied whole when it is cut, so this
 * one holds only the characters of `text` (and one more).
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}
