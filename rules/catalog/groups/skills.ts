import type { Rule } from '../../engine/rule.js';
import { skillSourceExclusive } from '../skill-source-exclusive.js';
import { skillSourceMissing } from '../skill-source-missing.js';

export const skillsRules: readonly Rule[] = [skillSourceExclusive, skillSourceMissing];
