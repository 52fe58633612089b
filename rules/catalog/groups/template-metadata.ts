import type { Rule } from '../../framework/rule.js';
import { templateAuthorField } from '../template-author-field.js';
import { templateAuthorMissing } from '../template-author-missing.js';
import { templateCategoryUnknown } from '../template-category-unknown.js';
import { templateIgnored } from '../template-ignored.js';
import { templatePaidInvalid } from '../template-paid-invalid.js';
import { templateTagsLimit } from '../template-tags-limit.js';

export const templateMetadataRules: readonly Rule[] = [
  templateIgnored,
  templateAuthorField,
  templateAuthorMissing,
  templateCategoryUnknown,
  templateTagsLimit,
  templatePaidInvalid,
];
