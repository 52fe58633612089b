import type { Node } from 'jsonc-parser';
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import { humanDuration, nodeAt } from '../rules/index.js';
import { maskShown } from './masking.js';
import type { FeatureContext } from './context.js';
import type { OpenDocument } from './documents.js';

const MAX_DETAIL = 60;

/** The outline: agent, model, secrets, skills, tasks, scripts, routes, channels and template. */
export function provideSymbols(context: FeatureContext, document: OpenDocument): DocumentSymbol[] | SymbolInformation[] {
  const symbols = outline(document);
  if (context.client.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport) return maskShown(document, symbols);
  return maskShown(document, flatten(document.uri, symbols, undefined));
}

type Describe = (item: Node, index: number) => { name: string; detail?: string; kind?: SymbolKind; nameNode?: Node };

interface Section {
  kind: SymbolKind;
  detail?: (value: Node) => string | undefined;
  item?: { kind: SymbolKind; describe: Describe };
  /** For objects whose properties are the interesting part (scripts, channels). */
  property?: { kind: SymbolKind; detail?: (value: Node) => string | undefined };
}

const SECTIONS: Record<string, Section> = {
  agent: { kind: SymbolKind.Class, detail: (value) => stringOf(child(value, 'name')) },
  model: { kind: SymbolKind.String, detail: (value) => stringOf(value) ?? stringOf(child(value, 'primary')) },
  secrets: {
    kind: SymbolKind.Array,
    item: {
      kind: SymbolKind.Variable,
      describe: (item, index) => ({
        name: stringOf(child(item, 'name')) || `secret ${index + 1}`,
        detail: child(item, 'required')?.value === false ? 'optional' : undefined,
        nameNode: child(item, 'name'),
      }),
    },
  },
  skills: {
    kind: SymbolKind.Array,
    item: {
      kind: SymbolKind.Package,
      describe: (item, index) => ({
        name: stringOf(child(item, 'name')) || `skill ${index + 1}`,
        detail: stringOf(child(item, 'clawhub_slug')) ?? stringOf(child(item, 'cid')),
        nameNode: child(item, 'name'),
      }),
    },
  },
  tasks: {
    kind: SymbolKind.Array,
    item: {
      kind: SymbolKind.Event,
      describe: (item, index) => ({
        name: stringOf(child(item, 'name')) || `task ${index + 1}`,
        detail: scheduleDetail(child(item, 'schedule')),
        nameNode: child(item, 'name'),
      }),
    },
  },
  scripts: { kind: SymbolKind.Object, property: { kind: SymbolKind.Function, detail: (value) => stringOf(value) } },
  routes: {
    kind: SymbolKind.Array,
    item: {
      kind: SymbolKind.Interface,
      describe: (item, index) => {
        const port = child(item, 'port')?.value;
        const parts = [typeof port === 'number' ? `port ${port}` : undefined, child(item, 'protected')?.value === true ? 'protected' : undefined];
        return {
          name: stringOf(child(item, 'path')) || `route ${index + 1}`,
          detail: parts.filter(Boolean).join(', ') || undefined,
          nameNode: child(item, 'path'),
        };
      },
    },
  },
  channels: {
    kind: SymbolKind.Object,
    property: { kind: SymbolKind.Module, detail: (value) => (child(value, 'enabled')?.value === false ? 'disabled' : undefined) },
  },
  template: { kind: SymbolKind.Object, detail: (value) => stringOf(child(value, 'slug')) },
};

/**
 * At most this many symbols, as VS Code's own JSON support does (`json.maxItemsComputed`): an
 * outline of a million skills helps nobody and would take seconds to build and send.
 */
export const MAX_SYMBOLS = 5000;

function outline(document: OpenDocument): DocumentSymbol[] {
  const root = document.parsed.root;
  if (root?.type !== 'object') return [];
  const symbols: DocumentSymbol[] = [];
  let left = MAX_SYMBOLS - (root.children?.length ?? 0);
  const upToLimit = (children: Node[]) => {
    const kept = children.slice(0, Math.max(0, left));
    left -= kept.length;
    return kept;
  };
  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    const name = key?.value;
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(SECTIONS, name)) continue;
    const section = SECTIONS[name]!;
    const symbol = make(document, name, section.kind, property, key!, value ? section.detail?.(value) : undefined);
    if (value?.type === 'array' && section.item) {
      const { kind, describe } = section.item;
      symbol.children = upToLimit(value.children ?? []).map((item, index) => {
        const described = item.type === 'object' ? describe(item, index) : { name: `${name} ${index + 1}` };
        return make(document, described.name, described.kind ?? kind, item, described.nameNode ?? item, described.detail);
      });
    } else if (value?.type === 'object' && section.property) {
      const { kind, detail } = section.property;
      symbol.children = upToLimit(value.children ?? []).flatMap((inner) => {
        const [innerKey, innerValue] = inner.children ?? [];
        if (typeof innerKey?.value !== 'string') return [];
        return [make(document, innerKey.value, kind, inner, innerKey, innerValue ? detail?.(innerValue) : undefined)];
      });
    }
    symbols.push(symbol);
  }
  return symbols;
}

function make(document: OpenDocument, name: string, kind: SymbolKind, whole: Node, selection: Node, detail: string | undefined): DocumentSymbol {
  const range = document.rangeOf(whole.offset, whole.offset + whole.length);
  // The selection must lie inside the range; a name node always does, but stay safe.
  const inside = selection.offset >= whole.offset && selection.offset + selection.length <= whole.offset + whole.length;
  const selectionRange = inside ? document.rangeOf(selection.offset, selection.offset + selection.length) : range;
  const symbol: DocumentSymbol = { name: oneLine(name) || '(unnamed)', kind, range, selectionRange };
  if (detail) symbol.detail = shorten(oneLine(detail));
  return symbol;
}

function scheduleDetail(schedule: Node | undefined): string | undefined {
  if (!schedule) return undefined;
  if (schedule.type === 'string') return `cron ${schedule.value}`;
  const kind = stringOf(child(schedule, 'kind'));
  if (kind === 'cron') return `cron ${stringOf(child(schedule, 'expr')) ?? ''}`.trim();
  if (kind === 'every') {
    const ms = child(schedule, 'everyMs')?.value;
    return typeof ms === 'number' && ms > 0 && Number.isFinite(ms) ? `every ${humanDuration(ms)}` : 'every';
  }
  if (kind === 'at') return `at ${stringOf(child(schedule, 'at')) ?? String(child(schedule, 'atMs')?.value ?? '')}`.trim();
  return undefined;
}

function flatten(uri: string, symbols: DocumentSymbol[], container: string | undefined): SymbolInformation[] {
  return symbols.flatMap((symbol) => [
    { name: symbol.name, kind: symbol.kind, location: { uri, range: symbol.range }, ...(container ? { containerName: container } : {}) },
    ...flatten(uri, symbol.children ?? [], symbol.name),
  ]);
}

/** The value of `key` in an object node (the last of duplicate keys, as JSON.parse keeps). */
function child(node: Node | undefined, key: string): Node | undefined {
  return nodeAt(node, [key]);
}

function stringOf(node: Node | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
