import type { JsonDiagnostic, JsonFileResult as FullJsonFileResult } from '../report/formats/json-types.js';

/** The part of `manifest-lint --format json`'s output the summary reads. */
export type JsonFileResult = Omit<FullJsonFileResult, 'diagnostics'> & {
  diagnostics: (Pick<JsonDiagnostic, 'ruleId' | 'message' | 'line'> & Partial<Pick<JsonDiagnostic, 'docsUrl'>> & { severity: string })[];
};
export declare function totals(results: Pick<JsonFileResult, 'errorCount' | 'warningCount' | 'infoCount' | 'hintCount'>[]): {
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
};
export declare function plural(count: number, word: string): string;
export declare function escapeText(text: string): string;
export declare function messageCell(message: string): string;
export declare function summaryMarkdown(results: JsonFileResult[], options: { title: string; checked: string; maxRows?: number }): string;
export declare function failureMarkdown(title: string, message: string): string;
