import { LSPErrorCodes, ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { ENV_NAME, envReferences, maskFor, nameAt, secretDeclarations, type SecretMask } from '../rules/index.js';
import type { OpenDocument } from './documents.js';

/**
 * Renaming a secret, from its `name` in `secrets[]` or from an `env:` reference to it: the
 * declaration and every `env:` reference change together. A "name" that is a pasted credential
 * is not renamed (the rename box would show it whole, and the editor keep it in its history),
 * and no name becomes one.
 */
export function prepareRename(document: OpenDocument, position: Position): { range: Range; placeholder: string } | null {
  const found = nameAt(document.parsed, document.offsetAt(position));
  if (!found || found.kind === 'delivery-channel') return null;
  refuseCredentialName(maskFor(document.parsed), found.name);
  return { range: document.rangeOf(found.span.start, found.span.end), placeholder: found.name };
}

function refuseCredentialName(mask: SecretMask, name: string): void {
  if (!mask.hides(name)) return;
  throw new ResponseError(
    LSPErrorCodes.RequestFailed,
    `\`${mask.mask(name)}\` looks like a credential, not a variable name, and a rename neither starts nor ends at one: a secret's name is a variable name such as \`SLACK_BOT_TOKEN\`, and the credential itself belongs in the secrets vault.`,
  );
}

export function rename(document: OpenDocument, position: Position, requestedName: string): WorkspaceEdit {
  const doc = document.parsed;
  const found = nameAt(doc, document.offsetAt(position));
  if (!found || found.kind === 'delivery-channel') {
    throw new ResponseError(LSPErrorCodes.RequestFailed, 'Only a secret can be renamed here: place the cursor on its name or on an `env:` reference to it.');
  }
  const mask = maskFor(doc);
  refuseCredentialName(mask, found.name);
  const newName = requestedName.trim();
  // The new name is quoted masked: a token typed into the rename box is a secret too.
  const shown = mask.mask(newName);
  if (!ENV_NAME.test(newName)) {
    throw new ResponseError(
      LSPErrorCodes.RequestFailed,
      `\`${shown}\` is not an environment variable name: use letters, digits and \`_\`, not starting with a digit (for example \`TELEGRAM_BOT_TOKEN\`).`,
    );
  }
  refuseCredentialName(mask, newName);
  const declarations = secretDeclarations(doc);
  if (newName !== found.name && declarations.some((declaration) => declaration.name === newName)) {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `A secret named \`${shown}\` is already declared.`);
  }
  const edits: TextEdit[] = [];
  for (const declaration of declarations) {
    if (declaration.name !== found.name) continue;
    edits.push({ range: document.rangeOf(declaration.span.start, declaration.span.end), newText: newName });
  }
  for (const reference of envReferences(doc)) {
    if (reference.name !== found.name) continue;
    const plain = reference.nameSpan !== reference.span;
    edits.push({
      range: document.rangeOf(plain ? reference.nameSpan.start : reference.span.start, reference.span.end),
      newText: plain ? newName : `env:${newName}`,
    });
  }
  return { changes: { [document.uri]: edits } };
}
