/** True when `stamp` (relative to `root`) names `key` and every output it lists exists. */
export declare function stampIsCurrent(root: string, stamp: string, key: string): boolean;
/** Writes `stamp` naming `key` and `outputs` (relative to `root`), last and through a rename. */
export declare function writeStamp(root: string, stamp: string, key: string, outputs: Iterable<string>): void;
