import type { Rule } from '../../framework/rule.js';
import { skillCidInvalid } from '../skill-cid-invalid.js';
import { skillCidStale } from '../skill-cid-stale.js';
import { skillDuplicate } from '../skill-duplicate.js';
import { skillDuplicateSource } from '../skill-duplicate-source.js';
import { skillNamePath } from '../skill-name-path.js';
import { skillSlugFormat } from '../skill-slug-format.js';
import { skillSourceExclusive } from '../skill-source-exclusive.js';
import { skillSourceMissing } from '../skill-source-missing.js';

export const skillsRules: readonly Rule[] = [
  skillSourceExclusive,
  skillSourceMissing,
  skillCidInvalid,
  skillCidStale,
  skillSlugFormat,
  skillNamePath,
  skillDuplicate,
  skillDuplicateSource,
];
