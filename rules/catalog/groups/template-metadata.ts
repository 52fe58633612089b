import type { Rule } from '../../framework/rule.js';
import { templateAuthorField } from '../template-author-field.js';
import { templateCategoryUnknown } from '../template-category-unknown.js';
import { templateIgnored } from '../template-ignored.js';
import { templateModelForm } from '../template-model-form.js';
import { templatePaidInvalid } from '../template-paid-invalid.js';
import { templateSecretDescription } from '../template-secret-description.js';
import { templateTagsLimit } from '../template-tags-limit.js';
import { templateTaskForm } from '../template-task-form.js';

export const templateMetadataRules: readonly Rule[] = [
  templateIgnored,
  templateAuthorField,
  templateCategoryUnknown,
  templateTagsLimit,
  templatePaidInvalid,
  templateTaskForm,
  templateModelForm,
  templateSecretDescription,
];
