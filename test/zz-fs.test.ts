import { it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
it('fs', async () => {
  const root = process.env.ROOT!;
  const { findSecrets, lint } = await import(`${root}/rules/index.ts`);
  const dir = '/work/main/bench/fixtures/generated/';
  const texts = readdirSync(dir).map((f) => readFileSync(dir + f, 'utf8'));
  let k = 0;
  const m = (f: () => void) => { for (let i = 0; i < 5; i++) f(); const ts: number[] = []; for (let i = 0; i < 15; i++) { const s = performance.now(); f(); ts.push(performance.now() - s); } ts.sort((a, b) => a - b); return ts[7]!.toFixed(2); };
  const now = new Date('2026-11-23T09:00:00Z');
  console.log('RESULT', root, 'findSecrets', m(() => { for (const t of texts) findSecrets(t + ' '.repeat(k++ % 7)); }), 'lint', m(() => { for (const t of texts) lint(t + ' '.repeat(k++ % 7), { now }); }));
});
