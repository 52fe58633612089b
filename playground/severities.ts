import { rules } from 'playground:site-data';

type Setting = 'default' | 'error' | 'warning' | 'info' | 'hint' | 'off';
const CHOICES: Setting[] = ['default', 'error', 'warning', 'info', 'hint', 'off'];
const STORAGE_KEY = 'agent-manifest-playground.rules';

/**
 * The rule severities panel: one choice per rule, kept in this browser's storage and sent to the
 * server as `agentManifest.rules`, the setting VS Code users write.
 */
export class SeverityPanel {
  private readonly chosen: Record<string, Exclude<Setting, 'default'>>;

  constructor(
    container: HTMLElement,
    private readonly send: (rules: Record<string, string>) => void,
  ) {
    this.chosen = readStored();
    container.replaceChildren(
      ...rules.map((rule) => {
        const row = document.createElement('li');
        const label = document.createElement('label');
        const select = document.createElement('select');
        select.id = `severity-${rule.id}`;
        label.htmlFor = select.id;
        label.textContent = rule.id;
        label.title = rule.description;
        for (const choice of CHOICES) select.add(new Option(choice === 'default' ? `default (${rule.severity})` : choice, choice));
        select.value = this.chosen[rule.id] ?? 'default';
        select.addEventListener('change', () => {
          if (select.value === 'default') delete this.chosen[rule.id];
          else this.chosen[rule.id] = select.value as Exclude<Setting, 'default'>;
          localStorage.setItem(STORAGE_KEY, JSON.stringify(this.chosen));
          this.announce();
        });
        row.append(label, select);
        return row;
      }),
    );
  }

  /** Sends the current choices to the server. */
  announce(): void {
    this.send({ ...this.chosen });
  }
}

function readStored(): Record<string, Exclude<Setting, 'default'>> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
    const known = new Set(rules.map((rule) => rule.id));
    return Object.fromEntries(
      Object.entries(stored).filter(([id, value]) => known.has(id) && CHOICES.includes(value as Setting) && value !== 'default'),
    ) as Record<string, Exclude<Setting, 'default'>>;
  } catch {
    return {};
  }
}
