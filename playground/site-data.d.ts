// What the build writes into the page (build/playground.mjs): the examples menu, the rules and
// the example a first visit opens.
declare module 'playground:site-data' {
  export interface ExampleEntry {
    /** Its file under `examples/`, and its name in a link (`#example=<slug>`). */
    slug: string;
    title: string;
  }
  export interface RuleEntry {
    id: string;
    severity: 'error' | 'warning' | 'info' | 'hint';
    description: string;
  }
  export const examples: ExampleEntry[];
  export const rules: RuleEntry[];
  /** The first example's slug and text, in the page so a first visit needs no other request. */
  export const firstExample: { slug: string; text: string };
}
