import type { Rule } from '../../framework/rule.js';
import { channelDmOpen } from '../channel-dm-open.js';
import { channelPreview } from '../channel-preview.js';
import { channelTokenEnvFormat } from '../channel-token-env-format.js';
import { channelTokenEnvUndeclared } from '../channel-token-env-undeclared.js';
import { channelTokenLiteral } from '../channel-token-literal.js';
import { channelTokenMissing } from '../channel-token-missing.js';
import { channelTokenShape } from '../channel-token-shape.js';
import { legacyModelObject } from '../legacy-model-object.js';
import { modelFormat } from '../model-format.js';
import { secretDuplicate } from '../secret-duplicate.js';
import { secretNameCase } from '../secret-name-case.js';
import { secretNameFormat } from '../secret-name-format.js';

export const modelSecretsChannelsRules: readonly Rule[] = [
  channelTokenEnvUndeclared,
  channelTokenLiteral,
  modelFormat,
  legacyModelObject,
  secretNameFormat,
  secretNameCase,
  secretDuplicate,
  channelTokenEnvFormat,
  channelTokenMissing,
  channelTokenShape,
  channelDmOpen,
  channelPreview,
];
