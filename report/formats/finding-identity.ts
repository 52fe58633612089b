import { load as loadCrypto } from '../lazy/node-crypto.js';
import { toPointer, type Diagnostic } from '../../rules/index.js';

/**
 * What names a finding from one run to the next, whatever moved around it: its rule, the JSON
 * pointer of what it is about (as `ignore` entries write it), the id of its message, and how
 * many findings alike in all three came before it in the file (duplicate keys share a pointer).
 * Lines and message texts are left out: an edit elsewhere moves the one, and the other holds
 * values and counts that change.
 */
export interface FindingIdentity {
  ruleId: string;
  pointer: string;
  messageId: string | undefined;
  /** 0 for the first finding alike in the file, 1 for the second… */
  occurrence: number;
}

/** The identities of a file's findings, in the findings' order (which is the document's). */
export function findingIdentities(diagnostics: readonly Diagnostic[]): FindingIdentity[] {
  const seen = new Map<string, number>();
  return diagnostics.map((diagnostic) => {
    const pointer = toPointer(diagnostic.path);
    const alike = JSON.stringify([diagnostic.ruleId, pointer, diagnostic.messageId ?? null]);
    const occurrence = seen.get(alike) ?? 0;
    seen.set(alike, occurrence + 1);
    return { ruleId: diagnostic.ruleId, pointer, messageId: diagnostic.messageId, occurrence };
  });
}

/** A finding's fingerprint in a file: the SHA-256 of its file and identity, in hex. */
export function fingerprint(file: string, identity: FindingIdentity): string {
  const parts = [file, identity.ruleId, identity.pointer, identity.messageId ?? null, identity.occurrence];
  return loadCrypto().createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
