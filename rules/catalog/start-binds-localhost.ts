import { defineRule } from '../framework/rule.js';
import { documentSpan, manifestScript, scriptEdits } from '../analyzers/scripts.js';
import { isLoopback, shownSetting, startAddresses } from '../analyzers/server-address.js';
import { replaceInWord, spanInWord } from '../analyzers/shell.js';

export const ANY_ADDRESS = '0.0.0.0';

export const startBindsLocalhost = defineRule({
  meta: {
    id: 'start-binds-localhost',
    category: 'Routes and scripts',
    severity: 'warning',
    description: 'The start command binds its server to `localhost`, `127.0.0.1` or `::1` instead of `0.0.0.0`.',
    rationale:
      "The gateway forwards a route's requests to the container from outside its loopback interface, so a server bound to `localhost` never receives them. The platform requires servers started by scripts to bind `0.0.0.0`.",
    evidence:
      'https://docs.pinata.cloud/agents/manifest#scripts: "**Bind servers to `0.0.0.0`**, not `localhost`, so the gateway can reach them."; https://docs.pinata.cloud/agents/routes: "The gateway can\'t reach `localhost` from outside the process."',
    assumptions:
      'Hosts are read from common server options (`--host`, `--hostname`, `--bind`, `--listen`, `-H`, `-b`…) and variables (`HOST`, `HOSTNAME`, `BIND`…); databases and other backing services (`redis-server`, `mongod`…) may stay on localhost and are not reported.',
    messages: {
      bindsLocalhost: `\`scripts.start\` binds its server to \`{{host}}\` ({{setting}}), which only the container itself can reach: the gateway cannot forward your routes to it. Bind to \`${ANY_ADDRESS}\` instead.`,
    },
    fixTitles: {
      bindToAny: `Bind to \`${ANY_ADDRESS}\``,
    },
    fixable: true,
  },
  check(context) {
    const script = manifestScript(context.doc, 'start');
    if (!script) return;
    for (const part of startAddresses(context.doc)?.hosts ?? []) {
      if (!isLoopback(part.host)) continue;
      const edit = replaceInWord(part.word, part.from, part.to, ANY_ADDRESS);
      context.report({
        path: script.path,
        span: documentSpan(script, spanInWord(part.word, part.from, part.to)),
        messageId: 'bindsLocalhost',
        data: { host: part.host, setting: shownSetting(part) },
        fixes: [{ titleId: 'bindToAny', edits: scriptEdits(script, [edit]) }],
      });
    }
  },
});
