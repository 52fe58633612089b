import type { Rule } from '../../framework/rule.js';
import { docsBlock } from '../docs-block.js';
import { duplicateKey } from '../duplicate-key.js';
import { encodingInvalid } from '../encoding-invalid.js';
import { invalidValue } from '../invalid-value.js';
import { jsonSyntax } from '../json-syntax.js';
import { limitExceeded } from '../limit-exceeded.js';
import { missingProperty } from '../missing-property.js';
import { schemaUrl } from '../schema-url.js';
import { typeMismatch } from '../type-mismatch.js';
import { unknownProperty } from '../unknown-property.js';

export const parsingAndSchemaRules: readonly Rule[] = [
  encodingInvalid,
  jsonSyntax,
  duplicateKey,
  unknownProperty,
  docsBlock,
  missingProperty,
  typeMismatch,
  invalidValue,
  limitExceeded,
  schemaUrl,
];
