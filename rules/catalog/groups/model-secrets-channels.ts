import type { Rule } from '../../engine/rule.js';
import { channelTokenEnvUndeclared } from '../channel-token-env-undeclared.js';
import { channelTokenLiteral } from '../channel-token-literal.js';

export const modelSecretsChannelsRules: readonly Rule[] = [channelTokenEnvUndeclared, channelTokenLiteral];
