import type { Rule } from '../../engine/rule.js';

/** Checks of a template repository beyond its manifest (template mode only). */
export const templateRepositoryRules: readonly Rule[] = [];
