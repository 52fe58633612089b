/** The golden cases (`test/golden/<rule-id>/<case>.json`), shared by the golden and docs tests. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LintOptions } from '../rules/index.js';

export const GOLDEN = new URL('./golden/', import.meta.url).pathname;
export const NOW = new Date('2026-11-23T09:00:00Z');

export interface GoldenCase {
  rule: string;
  name: string;
  /** Path of the input manifest. */
  input: string;
}

const isInput = (file: string) => file.endsWith('.json') && !file.endsWith('.expected.json') && !file.endsWith('.fixed.json');

export function goldenCases(): GoldenCase[] {
  return readdirSync(GOLDEN, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((rule) =>
      readdirSync(join(GOLDEN, rule))
        .filter(isInput)
        .sort()
        .map((file) => ({ rule, name: file.replace(/\.json$/, ''), input: join(GOLDEN, rule, file) })),
    );
}

/** Cases named `template-mode-…` are linted as template submissions (`manifest-lint template`). */
export function lintOptionsFor(name: string): LintOptions {
  return { now: NOW, template: name.startsWith('template-mode-') };
}
