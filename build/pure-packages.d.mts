import type { Plugin } from 'esbuild';

/** The esbuild plugin that marks jsonc-parser's modules as free of side effects. */
export declare const purePackages: Plugin;
