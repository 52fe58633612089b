// Loaded on first use, like the engine's heavy dependencies (see rules/analyzers/lazy/README.md):
// only the formats that fingerprint findings need a hash, and loading `node:crypto` would cost
// every other run's start a few milliseconds.
import * as nodeCrypto from 'node:crypto';

export function load(): typeof nodeCrypto {
  return nodeCrypto;
}
