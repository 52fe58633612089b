import type { Rule } from '../../framework/rule.js';
import { legacyTaskShorthand } from '../legacy-task-shorthand.js';
import { payloadTextConflict } from '../payload-text-conflict.js';
import { payloadTextField } from '../payload-text-field.js';
import { taskAtInvalid } from '../task-at-invalid.js';
import { taskAtNoOffset } from '../task-at-no-offset.js';
import { taskAtPast } from '../task-at-past.js';
import { taskCronInvalid } from '../task-cron-invalid.js';
import { taskDeliveryChannelUnconfigured } from '../task-delivery-channel-unconfigured.js';
import { taskDeliveryIncomplete } from '../task-delivery-incomplete.js';
import { taskDuplicateName } from '../task-duplicate-name.js';
import { taskIntervalTooShort } from '../task-interval-too-short.js';
import { taskModelFormat } from '../task-model-format.js';
import { taskSessionPayloadMismatch } from '../task-session-payload-mismatch.js';
import { taskStaggerTooLarge } from '../task-stagger-too-large.js';
import { taskTimezoneInvalid } from '../task-timezone-invalid.js';
import { taskWebhookInsecure } from '../task-webhook-insecure.js';

export const tasksRules: readonly Rule[] = [
  taskIntervalTooShort,
  taskCronInvalid,
  taskTimezoneInvalid,
  taskAtInvalid,
  taskAtNoOffset,
  taskAtPast,
  taskStaggerTooLarge,
  taskDeliveryIncomplete,
  taskDeliveryChannelUnconfigured,
  taskWebhookInsecure,
  taskSessionPayloadMismatch,
  taskDuplicateName,
  payloadTextField,
  payloadTextConflict,
  taskModelFormat,
  legacyTaskShorthand,
];
