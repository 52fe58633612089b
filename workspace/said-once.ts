/**
 * What the workspace tells its host at most once: a lookup repeated for every manifest of a run,
 * or on every keystroke, finds the same problem again, and the user hears of it the first time
 * only — until `forget`, when files may have changed unseen and the problem is worth telling again.
 */
export class SaidOnce<T = string> {
  private readonly said = new Set<string>();

  constructor(
    private readonly tell: (item: T) => void,
    /** What makes two items the same news. */
    private readonly keyOf: (item: T) => string = String,
  ) {}

  say(item: T): void {
    const key = this.keyOf(item);
    if (this.said.has(key)) return;
    this.said.add(key);
    this.tell(item);
  }

  forget(): void {
    this.said.clear();
  }
}
