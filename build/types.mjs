// The library's published declarations (`npm run build:types`, run by `prepack`): the `.d.ts`
// files that package.json ships under dist/types/, each made from its source alone with
// TypeScript's isolated declarations. That takes a fraction of a second where emitting through
// the whole program took seconds; the type check of the program (`tsc --noEmit`, part of
// `npm test`) still proves the sources right. The build stops when a source needs the program to
// describe its exports, or when a declaration imports a file that is not shipped with it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'dist/types/';
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const shipped = pkg.files.filter((file) => file.startsWith(OUT) && file.endsWith('.d.ts'));
const tsconfig = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(tsconfig.config, ts.sys, root);

const problems = new Set();
for (const declaration of shipped) {
  const source = `${declaration.slice(OUT.length, -'.d.ts'.length)}.ts`;
  const result = ts.transpileDeclaration(readFileSync(join(root, source), 'utf8'), {
    fileName: source,
    compilerOptions: { ...options, isolatedDeclarations: true, declaration: true },
    reportDiagnostics: true,
  });
  for (const diagnostic of result.diagnostics ?? []) {
    const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    problems.add(`${source}${at ? `:${at.line + 1}:${at.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
  }
  for (const [, specifier] of result.outputText.matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)) {
    const target = posix.join(posix.dirname(declaration), specifier.replace(/\.js$/, '.d.ts'));
    if (!shipped.includes(target)) problems.add(`${declaration} imports ${specifier}, whose declarations package.json does not ship`);
  }
  const out = join(root, declaration);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, result.outputText);
}
if (problems.size > 0) {
  process.stderr.write(`${[...problems].join('\n')}\n`);
  process.exit(1);
}
