import {
  LSPErrorCodes,
  ResponseError,
  type PrepareRenameParams,
  type Range,
  type RenameParams,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { ENV_NAME, envReferences, nameAt, secretDeclarations } from '../rules/index.js';
import { servedDocument, type FeatureContext } from './context.js';

/**
 * Renaming a secret, from its `name` in `secrets[]` or from an `env:` reference to it: the
 * declaration and every `env:` reference change together.
 */
export function prepareRename(context: FeatureContext, params: PrepareRenameParams): { range: Range; placeholder: string } | null {
  const document = servedDocument(context, params.textDocument.uri);
  if (!document) return null;
  const found = nameAt(document.parsed, document.offsetAt(params.position));
  if (!found || found.kind === 'delivery-channel') return null;
  return { range: document.rangeOf(found.span.start, found.span.end), placeholder: found.name };
}

export function rename(context: FeatureContext, params: RenameParams): WorkspaceEdit | null {
  const document = servedDocument(context, params.textDocument.uri);
  if (!document) return null;
  const doc = document.parsed;
  const found = nameAt(doc, document.offsetAt(params.position));
  if (!found || found.kind === 'delivery-channel') {
    throw new ResponseError(LSPErrorCodes.RequestFailed, 'Only a secret can be renamed here: place the cursor on its name or on an `env:` reference to it.');
  }
  const newName = params.newName.trim();
  if (!ENV_NAME.test(newName)) {
    throw new ResponseError(
      LSPErrorCodes.RequestFailed,
      `\`${newName}\` is not an environment variable name: use letters, digits and \`_\`, not starting with a digit (for example \`TELEGRAM_BOT_TOKEN\`).`,
    );
  }
  const declarations = secretDeclarations(doc);
  if (newName !== found.name && declarations.some((declaration) => declaration.name === newName)) {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `A secret named \`${newName}\` is already declared.`);
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
