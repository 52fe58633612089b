/** Manifests for the tests of the CI set-ups (the GitHub Action, the pre-commit hook, docs/ci.md). */

/** A clear-text Telegram bot token (made up): no output of the tools may show it. */
export const BOT_TOKEN = '7312456890:AAF3kq9ZxWm2LpQ8rTt5Vn1YhB6cJd0sUeG';

/** An error (route-port-reserved, line 5) and a warning (channel-token-literal, line 6). */
export const BAD = `{
  "version": 1,
  "agent": { "name": "Web" },
  "scripts": { "start": "node server.js" },
  "routes": [{ "port": 18789, "path": "/" }],
  "channels": { "telegram": { "botToken": "${BOT_TOKEN}" } }
}
`;

/** One warning (route-path-trailing-slash), no error. */
export const WARNS = `{
  "version": 1,
  "agent": { "name": "Docs" },
  "scripts": { "start": "node server.js --port 3000" },
  "routes": [{ "port": 3000, "path": "/docs/" }]
}
`;

export const GOOD = `{
  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",
  "version": 1,
  "agent": { "name": "Research helper", "description": "Answers questions about the team's documents." }
}
`;

/** A web app's manifest.json, which the tools leave alone. */
export const WEB_APP = '{ "name": "Shop", "short_name": "Shop", "start_url": "/", "display": "standalone" }\n';
