// Plug-in for ajv-cli (`-c ./bench/ajv-editor-keywords.cjs`): declares the editor annotation
// keywords that schema/manifest.v1.json carries for VS Code and other editors, as a vocabulary of
// annotation-only keywords. Ajv's strict mode stays on, so any other unknown keyword, a malformed
// schema or a typo in a keyword name is still an error; validation itself is unchanged because
// these keywords never fail.
'use strict';

// The same list the product's own Ajv instance registers (build/ajv.mjs).
const EDITOR_KEYWORDS = require('../build/editor-keywords.json');

module.exports = function addEditorKeywords(ajv) {
  ajv.addVocabulary(EDITOR_KEYWORDS.filter((keyword) => !ajv.getKeyword(keyword)));
};
