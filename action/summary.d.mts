export interface JsonFileResult {
  filePath: string;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  hintCount: number;
  diagnostics: { ruleId: string; severity: string; message: string; line: number; docsUrl?: string }[];
}
export declare const MAX_ROWS: number;
export declare function plural(count: number, word: string): string;
export declare function escapeText(text: string): string;
export declare function messageCell(message: string): string;
export declare function summaryMarkdown(results: JsonFileResult[], options: { title: string; checked: string; maxRows?: number }): string;
export declare function failureMarkdown(title: string, message: string): string;
