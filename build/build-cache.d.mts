/** Copies a kept build's files into `root`; false when none was kept for `key`. */
export declare function restoreBuild(root: string, kind: string, key: string): boolean;
/** Keeps `files` (relative to `root`) as the build of `key`, and drops the oldest builds of `kind`. */
export declare function keepBuild(root: string, kind: string, key: string, files: string[]): void;
