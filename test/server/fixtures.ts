/** A clean manifest using every part the server has features for. */
export const CLEAN = `{
  "$schema": "https://agents.pinata.cloud/schemas/manifest.v1.json",
  "version": 1,
  "agent": { "name": "Field Notes", "description": "Collects notes and sends a digest." },
  "model": "anthropic/claude-sonnet-4-5",
  "secrets": [
    { "name": "TELEGRAM_BOT_TOKEN", "description": "Bot token from BotFather" },
    { "name": "NOTES_API_KEY", "description": "Key for the notes service" }
  ],
  "skills": [{ "name": "notes", "cid": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi" }],
  "tasks": [
    {
      "name": "morning-digest",
      "schedule": { "kind": "cron", "expr": "0 9 * * 1-5", "tz": "Europe/Lisbon" },
      "payload": { "kind": "agentTurn", "text": "Summarise yesterday's notes" },
      "delivery": { "mode": "announce", "channel": "telegram", "to": "12345" }
    },
    {
      "name": "heartbeat",
      "schedule": { "kind": "every", "everyMs": 900000 },
      "payload": { "kind": "agentTurn", "text": "Check the inbox" }
    }
  ],
  "scripts": { "build": "npm ci", "start": "node server.js --port 3000" },
  "routes": [{ "port": 3000, "path": "/app", "protected": true }],
  "channels": {
    "telegram": { "botToken": "env:TELEGRAM_BOT_TOKEN", "dmPolicy": "pairing" }
  }
}
`;

/** Two problems: a route on the gateway's port, and a typo'd key. */
export const PROBLEMS = `{
  "version": 1,
  "agent": { "name": "Port Clash" },
  "scripts": { "start": "node server.js --port 18790" },
  "routes": [
    { "port": 18789, "path": "/app", "protcted": true }
  ]
}
`;
