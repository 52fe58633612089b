import type { Rule } from '../../engine/rule.js';
import { taskIntervalTooShort } from '../task-interval-too-short.js';

export const tasksRules: readonly Rule[] = [taskIntervalTooShort];
