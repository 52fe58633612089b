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
      entry = { answer: compute(text) };
      if (memory.size >= limit) memory.clear();
      memory.set(text, entry);
    }
    return entry.answer;
  };
}
