import type { Rule } from '../../engine/rule.js';

export const templateMetadataRules: readonly Rule[] = [];
