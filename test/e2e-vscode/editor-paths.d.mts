export declare const CODE_SERVER_VERSION: string;
export declare const CHROMIUM: string;
export declare function codeServerDir(): string;
export declare function codeServerEntry(): string | undefined;
export declare function missingSystemTools(): string[];
