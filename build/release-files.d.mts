export declare const SINGLE_FILE_CLI: string;
export declare const CLI_ASSET: string;
export declare const SUMS_ASSET: string;
export declare function sha256(bytes: Uint8Array | string): string;
export declare function sumsText(files: [name: string, bytes: Uint8Array | string][]): string;
export declare function digestOf(sums: string, name: string): string | undefined;
