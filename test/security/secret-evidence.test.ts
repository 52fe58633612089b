/**
 * The detector by evidence (issue "Trust 2"): secrets of shapes no list names are found by what
 * they look like; public identifiers, placeholders and words are not secrets; masking leaves
 * readable what is not secret; and no fix writes a secret into a new place.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSecrets, fixText, lint, maskFor, parseDocument, ReadingMask, readJsonEscapes, readMarkupEscapes, SecretMask } from '../../rules/index.js';
import { forbiddenRuns, leakIn } from './leaks.js';
import { randomBody } from './random-body.js';

/**
 * The detection properties run from a fixed seed, so that a run is reproducible; set
 * `DETECTION_SEED` to explore others. Measured over a million generated bodies of 16 to 100
 * characters in credential places, the detector misses about one in a million (a short body that
 * happens to read as words, `RALovaleld9Xvct7`): the price of never hiding words.
 */
const SEED = { seed: Number(process.env.DETECTION_SEED ?? 20261127) };

const found = (text: string) => findSecrets(text).map((span) => text.slice(span.start, span.end));

/** Random credentials of shapes nobody listed: a prefix, a separator, a generated body. */
const ALPHABETS = {
  base62: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  base64url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
};
const generatedBody = (alphabet: string, min: number, max: number) =>
  fc
    .tuple(fc.integer(), fc.integer({ min, max }))
    .map(([seed, length]) => randomBody(seed, alphabet, length))
    // What a generator of credentials gives: digits and letters of both cases.
    .filter((body) => /[0-9]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body));
const unlistedSecret = (min: number) =>
  fc
    .tuple(
      fc.constantFrom('', 'zk_', 'acme-', 'pk_prod_', 'tok.', 'SECRET-'),
      fc.constantFrom(...Object.values(ALPHABETS)).chain((alphabet) => generatedBody(alphabet, min, 100)),
    )
    .map(([prefix, body]) => `${prefix}${body}`)
    // One that happens to have the exact form of a CIDv0 (`Qm` and 44 base58 characters) is one.
    .filter((secret) => !/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(secret));

/** Places that hold credentials, where a shorter secret is still one. */
const CREDENTIAL_PLACES = [
  (s: string) => `"apiKey": "${s}"`,
  (s: string) => `SIGNING_SECRET=${s} node server.js`,
  (s: string) => `curl -H "Authorization: Bearer ${s}"`,
  (s: string) => `https://deploy:${s}@db.example.com/app`,
  (s: string) => `"to": "https://hooks.example.com/services/${s}"`,
  (s: string) => `"botToken": "env:${s}"`,
  (s: string) => `deploy --token ${s}`,
  // Pasted with the spaces around it: inside the quotes, before and after.
  (s: string) => `"botToken": " ${s} "`,
  (s: string) => `password: '\t${s}'`,
];

describe('secrets nobody listed', () => {
  it('finds the shapes of providers the detector has no pattern for, in any text', () => {
    const slackHook = 'https://hooks.slack.com/services/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';
    const discordHook = 'https://discord.com/api/webhooks/123456789012345678/Zm9vYmFyQmF6UXV4LWFiYzEyMzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm9w';
    const sendgrid = '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';
    const twilio = 'SK0123456789abcdef0123456789abcdef';
    for (const [secret, text] of [
      ['Xq7Lm2Vb9Rt4Wz8Nc1Kd6Hs3', `"delivery": { "mode": "webhook", "to": "${slackHook}" }`],
      ['Zm9vYmFyQmF6UXV4LWFiYzEyMzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm9w', `curl -X POST ${discordHook}`],
      [sendgrid, `SENDGRID=${sendgrid}`],
      [twilio, `"note": "twilio ${twilio}"`],
    ] as const) {
      const masked = new SecretMask().learn(text).mask(text);
      expect(leakIn(masked, forbiddenRuns(secret)), text).toBeUndefined();
    }
  });

  it('hides any generated credential of 32 characters or more, of any prefix and alphabet, placed anywhere in a text', () => {
    fc.assert(
      fc.property(unlistedSecret(32), fc.string(), fc.string(), fc.constantFrom('" ', '=', ': ', ' ', '/', '?k=', '\n'), (secret, before, after, glue) => {
        const text = `${before}${glue}${secret} ${after}`;
        const masked = new SecretMask().learn(text).mask(text);
        expect(leakIn(masked, forbiddenRuns(secret))).toBeUndefined();
      }),
      { numRuns: 20000, ...SEED },
    );
  });

  it('finds a generated credential as the whole text, at its start and at its end, beside text of any length', () => {
    fc.assert(
      fc.property(unlistedSecret(32), fc.string({ maxLength: 45 }), (secret, words) => {
        const beside = words.replace(/[A-Za-z0-9_-]/g, ' ');
        for (const text of [secret, `${secret}${beside}`, `${beside}${secret}`]) {
          expect(leakIn(new SecretMask().learn(text).mask(text), forbiddenRuns(secret)), JSON.stringify(text)).toBeUndefined();
        }
      }),
      { numRuns: 5000, ...SEED },
    );
  });

  it('hides generated credentials from 16 characters on in the places that hold credentials', () => {
    fc.assert(
      fc.property(unlistedSecret(16), fc.constantFrom(...CREDENTIAL_PLACES), fc.string(), (secret, place, after) => {
        const text = `${place(secret)} ${after}`;
        const masked = new SecretMask().learn(text).mask(text);
        expect(leakIn(masked, forbiddenRuns(secret))).toBeUndefined();
      }),
      { numRuns: 20000, ...SEED },
    );
  });

  it('finds the password of a URL cut short before its @, and values of keys named as credentials', () => {
    expect(found('"db": "postgres://admin:Zq8rTx2vLm9pKw4s')).toEqual(['Zq8rTx2vLm9pKw4s']);
    expect(found('SIGNINGKEY=f3Rk9LpQ2mXz7Vb1')).toEqual(['f3Rk9LpQ2mXz7Vb1']);
    expect(found('"signingKey": "f3Rk9LpQ2mXz7Vb1"')).toEqual(['f3Rk9LpQ2mXz7Vb1']);
  });

  it('finds standard base64 with its padding, which `+` and `/` cut into short runs, but not an integrity hash or an assignment', () => {
    const key = 'k3Jd9+qL/x7Vb2mZ+Rt8wPq1/Ns5Yc4Hf6Ag0Ue==';
    for (const text of [`"detail": "${key}"`, `{ "${key}": 1 }`, `/* old ${key} */`]) expect(found(text)).toEqual([key]);
    expect(found('"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="')).toEqual([]);
    expect(found('"start": "MODE=production node server.js"')).toEqual([]);
    // Padding marks base64 from 16 characters on; it is no `.env` line with an empty value.
    expect(found('"version": "RaBp8rrJiYiQf91eCJ8="')).toEqual(['RaBp8rrJiYiQf91eCJ8=']);
    expect(found('"botToken": "Bearer apeFJXpf7sPw8knWgu6="')).toEqual(['apeFJXpf7sPw8knWgu6=']);
  });

  it('finds base64 whose `+` and `/` cut it into runs shorter than a credential, from 20 characters on, and hides it whole', () => {
    for (const key of ['CswoOjG+lz647vSpw4fREv', 'mpgGgwdtH56jFd/wu+CEF', 'W+cK1B5X2PFUVmmgtMUZ', 'GhFW3PCuRsYUH2poBLpLX/dchldc+COnDhi']) {
      expect(found(`"engine": "note ${key}"`), key).toEqual([key]);
    }
    // What `/` joins to a generated part is hidden with it, unless a path is made of it.
    expect(found('"zz9-xHbhl5GHZ/tKcPinf6uHBXVKmkwqSXYPwMnpVMxcS6WHW3KgpuxOdjZsM"')).toEqual(['zz9-xHbhl5GHZ/tKcPinf6uHBXVKmkwqSXYPwMnpVMxcS6WHW3KgpuxOdjZsM']);
    expect(found('"/home/alice/workspace/projects/AbC9xYz8QwErTy7UiOp6AsDf"')).toEqual(['AbC9xYz8QwErTy7UiOp6AsDf']);
    expect(found('https://example.com/api/v1/files/AbC9xYz8QwErTy7UiOp6AsDf/download')).toEqual(['AbC9xYz8QwErTy7UiOp6AsDf']);
    expect(found('"url": "ipfs://bafybeieerrctaycitdctw57t4ov5welowxt3idxojpy6qnq23wlbyqgyou/readme"')).toEqual([]);
    // Inside a run that `.` also cuts: after a word and a dot, or before a path's tail.
    expect(found('"engine": "key.WbtIyqZ0qLprssSL+JbRPe+"')).toEqual(['WbtIyqZ0qLprssSL+JbRPe+']);
    expect(found('"name": "k0/eGqKkRAtYGs8zHb+s+e1rKllY0BSSBoRcxCCu/../x"')).toEqual(['k0/eGqKkRAtYGs8zHb+s+e1rKllY0BSSBoRcxCCu']);
    expect(found('see ./docs/getting-started/install.md and node_modules/.bin/tsc')).toEqual([]);
  });

  it('finds generated text cut into groups of one length, whatever joins the groups and whatever they hold', () => {
    // Each found whole from its first group, the words before it left readable.
    const grouped: [string, string][] = [
      ['"id": "SENO_QY66_EQCG_HXMA_MMLL_JMJB"', 'SENO_QY66_EQCG_HXMA_MMLL_JMJB'],
      ['"note": "tok.mndaoi_lltthk_ojmmev_ufoxha_cnqxjc_qvqdem"', 'mndaoi_lltthk_ojmmev_ufoxha_cnqxjc_qvqdem'],
      ['"note": "sess-gk8BaZZnk/u:eCUHj7cZ9Jp:vu1kaZUYcD6:e9t9+kIVNzc:SNbyimTUR7E"', 'gk8BaZZnk/u:eCUHj7cZ9Jp:vu1kaZUYcD6:e9t9+kIVNzc:SNbyimTUR7E'],
      ['"note": "acme-prod-0b0nPf2Fvv.Q-wqPlPDY4.1_4wBXg6E7.40u2Tg0dVv"', '0b0nPf2Fvv.Q-wqPlPDY4.1_4wBXg6E7.40u2Tg0dVv'],
      ['"note": "zq_test_kedc:4ols:l762:iz36:2bkd:dsvr:jcgf:2q2q:c"', 'kedc:4ols:l762:iz36:2bkd:dsvr:jcgf:2q2q:c'],
      // Cut after a joiner, base64's `+` and `/` in its groups.
      ['custom/tok.bz4U6-a5q4h-dd1k+-q3QW/-ZKv9h-Ngb1Z-', 'bz4U6-a5q4h-dd1k+-q3QW/-ZKv9h-Ngb1Z-'],
    ];
    for (const [text, secret] of grouped) expect(found(text), text).toEqual([secret]);
    // Names of words, an IPv6 address and a time are no groups of generated text.
    expect(found('"a": "alpha-gamma-delta-sigma-omega", "b": "fe80:0000:0000:0000:0202:b3ff:fe1e:8329", "c": "12:30:45"')).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    [
      'dotted parts between the `/` of a path',
      '"path": "/cb/sess-E7C0.E620.0340.1204.6C0B.90E6.8224.7699.5DC7/"',
      ['E7C0.E620.0340.1204.6C0B.90E6.8224.7699.5DC7'],
    ],
    [
      'parts joined by `:` in a URL',
      '"build": "curl https://x.io/dl/Bearer.smdxjwr:swzhtwu:giokxjv:ymogjvy:hkflin.tgz"',
      ['Bearer.smdxjwr:swzhtwu:giokxjv:ymogjvy:hkflin.tgz'],
    ],
    ['base64 cut by `+` between two `/`', '"path": "/cb/key_y8Tf/OAkt1pmbm8qAfgOQ+q+9R5cLIlNOxzJYLoUt/8k/"', ['OAkt1pmbm8qAfgOQ+q+9R5cLIlNOxzJYLoUt']],
    [
      'groups in a piece of a path',
      '"path": "/files/x.VUMBM.SDVYL.PPLLE.GUVLG.DTOTB.ZRAKL.IODJI.WYPHS.XXHHR.Q/download"',
      ['VUMBM.SDVYL.PPLLE.GUVLG.DTOTB.ZRAKL.IODJI.WYPHS.XXHHR.Q'],
    ],
    ['the first group after a `/`', '"path": "/MHeJh:JgYQZ:b3qjx:u/dSa:k2LmQ:9xTzP:W"', ['MHeJh:JgYQZ:b3qjx:u/dSa:k2LmQ:9xTzP:W']],
    ['no part of a page address', 'see https://docs.example.com/guides/v1.2/getting-started.html', []],
  ])('finds what a path or a URL joins between its `/`: %s', (_name, text, secrets) => {
    expect(found(text)).toEqual(secrets);
  });

  it('finds random letters mostly of one case, and letters of one case with a number or two', () => {
    expect(found('"x": "acme-prod-hjtNWgvFxjrsrophiduEBAmbjhMgjryqyGsshbjrvvmZlYJNfcdSFqzxx"')).toEqual([
      'acme-prod-hjtNWgvFxjrsrophiduEBAmbjhMgjryqyGsshbjrvvmZlYJNfcdSFqzxx',
    ]);
    expect(found('"x": "live_usdhqrlcbptje6daqmwhdprimzy"')).toEqual(['live_usdhqrlcbptje6daqmwhdprimzy']);
    expect(found('"x": "Helloworldthisisagreetingmessage mycompanyproductionapikey2024"')).toEqual([]);
  });

  it('takes digits in a credential place for a secret alone, in groups and after words, but not a date or an address', () => {
    const cases: [string, string[]][] = [
      ['"botToken": "abc_live_2834430144178048130840277209493278"', ['abc_live_2834430144178048130840277209493278']],
      ['"botToken": "01093780.28772014.52839866"', ['01093780.28772014.52839866']],
      // Groups count from 12 digits, as digits alone do; after words, from 16.
      ['"apiKey": "4821-9073-5516"', ['4821-9073-5516']],
      ['"apiKey": "pin_4821-9073-5516"', []],
      ['https://api.example.com/v1/items?access_token=pk-279350587955906103034028353', ['pk-279350587955906103034028353']],
      ['node x.js --api-key sec_70267822461675286423', ['sec_70267822461675286423']],
      ['https://example.com/webhook/sec_70267822461675286423', ['sec_70267822461675286423']],
      ['"apiKey": "2024-11-05", "password": "192.168.100.200", "token": "TOKEN_20241105123456"', []],
    ];
    for (const [text, secrets] of cases) expect(found(text), text).toEqual(secrets);
    // Also as the value of a `.env` line pasted whole, its variable readable.
    expect(found('"botToken": "TELEGRAM_BOT_TOKEN=acme-prod-0885184379579945668144881087812778"')).toEqual(['acme-prod-0885184379579945668144881087812778']);
    // A secret's name made of such a value is the secret, and hidden in every message.
    const text = '{ "secrets": [{ "name": "live_41378819469717098980999840510143912626" }] }';
    expect(maskFor(parseDocument(text)).mask(text)).not.toContain('4137881946');
    expect(
      lint(text)
        .diagnostics.map((d) => d.message)
        .join('\n'),
    ).not.toContain('4137881946');
  });

  it('takes letters of one case with a digit or two, and groups of one length, for a secret in a credential place', () => {
    const cases: [string, string[]][] = [
      ['"botToken": "MUNHYTZ41TGV7R71"', ['MUNHYTZ41TGV7R71']],
      ['"apiKey": "QY66EQCGHXMAMMLL"', ['QY66EQCGHXMAMMLL']],
      ['"password": "QY66-EQCG-HXMA-MMLL"', ['QY66-EQCG-HXMA-MMLL']],
      ['"password": "fkj7_1jzz_2640_oubd"', ['fkj7_1jzz_2640_oubd']],
      // Names stay names: a variable with its number, words of one case, words in groups.
      ['"botToken": "MYSLACKBOTTOKEN2024", "apiKey": "OPENAI_API_KEY", "token": "dev-team-bot-main"', []],
      // Long camel-case words in a credential's place are a name written there, as under a secret's `name`.
      ['"botToken": "BuildTokenDiscordWeeklyTelegram", "apiKey": "apiKeyForTheSlackBotIntegrationV2"', []],
    ];
    for (const [text, secrets] of cases) expect(found(text), text).toEqual(secrets);
    // A channel's token field: hidden in the code frame as in the message.
    const manifest = '{"version":1,"agent":{"name":"A"},\n"channels":{"telegram":{"botToken":"MUNHYTZ41TGV7R71"}}}';
    expect(maskFor(parseDocument(manifest)).mask(manifest)).not.toContain('YTZ41TGV');
  });

  it("judges each piece of a URL's path and query standing in a credential's place, not the URL whole", () => {
    expect(found('"botToken": "https://example.com/files/acme-prod-aZ8kQ2mX9pL4vR7t/download"')).toEqual(['acme-prod-aZ8kQ2mX9pL4vR7t']);
    expect(found('"apiKey": "https://example.com/docs/getting-started/install"')).toEqual([]);
  });

  it('takes a passphrase and a cookie for credentials', () => {
    expect(found('"passphrase": "abc_live_cOAY32uV.TpfjeLT6.U", "sessionCookie": "q8Zr2LmP0xWk"')).toEqual(['abc_live_cOAY32uV.TpfjeLT6.U', 'q8Zr2LmP0xWk']);
  });

  it('judges a generated run without the character repeated at its ends, filler that would make it look plain', () => {
    // The random part after 34 `a`s was shown whole as a key, in every output.
    const glued = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaPBe/Lb1YE89xLmfgH+OS3wkOClG+xOQGuvJdXYLa';
    expect(found(`{ "${glued}": 1 }`)).toEqual([glued]);
    expect(found('"id": "xK9mQ2vL7pR4tW8nB3cF6hJ1zzzzzzzzzzzz"')).toEqual(['xK9mQ2vL7pR4tW8nB3cF6hJ1zzzzzzzzzzzz']);
    // Padding alone, or around words, is none.
    expect(found('"note": "0000000000000000000000000000000000000000 aaaaaaaaaaaaaaaaaaaaaaaa-release-notes-xxxxxxxx"')).toEqual([]);
  });

  it('finds a credential in a URL query wherever the URL stands, also where a credential does', () => {
    expect(found('"botToken": "https://api.example.com/v1/send?access_token=FKX99aEvdMbZvECtFU"')).toEqual(['FKX99aEvdMbZvECtFU']);
    expect(found('"botToken": "env:https://api.example.com/v1/send?auth=2RxUsQpAtDGLiVmC&x=1"')).toEqual(['2RxUsQpAtDGLiVmC']);
    expect(found('see https://x.io/a?sig=agIxwtsXjHFzt5jz&page=2')).toEqual(['agIxwtsXjHFzt5jz']);
    expect(found('https://example.com/search?q=monkey&key=value&author=someone')).toEqual([]);
  });

  it("keeps a header's name readable beside the key it carries", () => {
    const text = '"start": "curl -H X-Api-Key:FKX99aEvdMbZvECtFU1234abcd"';
    expect(found(text)).toEqual(['FKX99aEvdMbZvECtFU1234abcd']);
    const mask = new SecretMask().learn(text);
    expect(mask.mask('`start` is `"curl -H X-Api-Key:FKX99aEvdMbZvECtFU12…`')).toBe('`start` is `"curl -H X-Api-Key:FKX9…`');
  });

  it('finds every token shape at its shortest, in prose, quoted or bare (their literals are looked for in the runs they make)', () => {
    const body = (length: number, alphabet = ALPHABETS.base62) => randomBody(SEED.seed + length, alphabet, length).replace(/^[0-9]/, 'Q');
    const tokens = [
      `ghp_${body(30)}`,
      `github_pat_${body(22)}`,
      `sk-ant-${body(20)}`,
      `sk-${body(20)}`,
      `sk_live_${body(16)}`,
      `rk_live_${body(16)}`,
      `glpat-${body(20)}`,
      `AIza${body(35)}`,
      `npm_${body(36)}`,
      `SG.${body(16)}.${body(30)}`,
      `SK${randomBody(SEED.seed, '0123456789abcdef', 32)}`,
      `hf_${body(30)}`,
      `gsk_${body(30)}`,
    ];
    for (const token of tokens) {
      for (const text of [`use ${token} here`, `"note": "${token}"`, `(${token})`]) expect(found(text), text).toEqual([token]);
    }
  });

  it("finds an AWS access key id of letters only, and leaves AWS's documented example alone", () => {
    expect(found('"botToken": "AKIAGTPYQWERTZUIOPLK"')).toEqual(['AKIAGTPYQWERTZUIOPLK']);
    expect(found('"note": "AKIAIOSFODNN7EXAMPLE"')).toEqual([]);
  });
});

/** The share of `count` generated values `found` takes for secrets, from a fixed seed. */
function shareFound(count: number, value: (seed: number) => string, found: (value: string) => boolean): number {
  let hits = 0;
  for (let i = 0; i < count; i++) if (found(value(SEED.seed + i))) hits++;
  return hits / count;
}

const hidesWhole = (text: string, secret: string) => leakIn(new SecretMask().learn(text).mask(text), forbiddenRuns(secret)) === undefined;

describe('secrets of few character classes, joined parts and loose URLs', () => {
  it.each([
    ["letters of one case in a credential's place", 'qwhtzkxbnmvprsdl', (s: string) => `"password": "${s}"`],
    ['base36 after words, as a name', 'abc_live_k3j9x8q2m4n7p1z5', (s: string) => `"secrets": [{ "name": "${s}" }]`],
    ['base36 after words joined by dashes', 'acme-prod-k3j9x8q2m4n7p1z5w8', (s: string) => `"note": "${s}"`],
    [
      'a 64-digit hex body after a prefix joined by _',
      'abc_live_61da5561e16472c1bcdff27542f16f51f40656039e886235bd56b972cebf2271',
      (s: string) => `Set the key to ${s} before deploying.`,
    ],
    ['parts joined by dots', 'Ab3d.9fGh.2kLm.Qw8e.Rt5y', (s: string) => `"session": "${s}"`],
    ['parts joined by colons', 'k3J9:x8Q2:m4N7:p1Z5:aB8c', (s: string) => `ticket ${s}`],
    [
      'standard base64 cut by / and + after a prefix',
      'rt_ctW7RAWDCk3/78xDUYtoKU7b+LZR/uErfuxRegWGZyRe6uLM7mM0GkzCtexqVbhUAnMN',
      (s: string) => `"cookie": "${s}"`,
    ],
    ["padded base64 without a digit, in a credential's place", 'OEVmbnBYMDhrZnpsZHluZFFGYkFEUg==', (s: string) => `"apiKey": "${s}"`],
    ['padded base64 without a digit, anywhere', 'xwcdoMPJUnhwHEZvZYzoeA==', (s: string) => `"x": "${s}"`],
    ['the password of a URL with an empty user and a / in it', 'k3J9x/Q2m4N7p1Z5aB8c', (s: string) => `"to": "https://:${s}@example.com"`],
    ["upper-case hex of a channel token's place", 'F3548098D4C239E5ACAC50F', (s: string) => `"botToken": "${s}"`],
    ['letters of one case after env:', 'wjexnjjpywbxvlywehljpcw', (s: string) => `"botToken": "env:${s}"`],
    ['letters of both cases after env:', 'tMIgZZbUocZYPxMBTESbTnfylCt', (s: string) => `"botToken": "env:${s}"`],
    ['standard base64 with / after env:', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY7q2Lk9Zt4X', (s: string) => `"botToken": "env:${s}"`],
    ['a 40-digit hex token as a password', '9c1f5e2a7b3d8e04f6a1c9b2d7e5f3a08b4c6d1e', (s: string) => `"db": { "password": "${s}" }`],
    ['a UUID API key', '3f9c2e71-5b8a-4d06-9e14-7a2b6c0d8f35', (s: string) => `"apiKey": "${s}"`],
    ['a UUID after Bearer', '3f9c2e71-5b8a-4d06-9e14-7a2b6c0d8f35', (s: string) => `curl -H 'Authorization: Bearer ${s}'`],
    ['digits alone as a key', '885645319574588053024959', (s: string) => `"apiKey": "${s}"`],
    ['hex of 26 digits anywhere', '4f0d9a7c2e81b5d36a9cf0e271', (s: string) => `"notes": "${s}"`],
    ['two parts joined by a dot', 'Eou6hvRork1SiOUQ5q5.iT41WVyYfmjaf', (s: string) => `"notes": "${s}"`],
    ['dotted parts with a short tail', 'wWZIT.if63M.nnUD5.AMOyv.5bHCo.I', (s: string) => `"notes": "${s}"`],
    ['base64 after a word and a colon', 'svc:ctW7RAWDCk3/78xDUYtoKU7b+LZR/uErfuxRegWGZyRe6uLM7mM0', (s: string) => `"notes": "${s}"`],
    [
      "a base32 seed that starts like a CID, in a credential's place",
      'B4LQNHUZROATK6H3VIXMAQ3RDUN5F2CMVZYZ7Q2P5CBKDSCYCBTP',
      (s: string) => `"apiKey": "${s}"`,
    ],
    [
      "a signed URL's signature, URL-encoded",
      'tXtNhnJIilGNZbhveVc%2F0M5G4u9OU7nhndXl%2FNT6VxK%3D',
      (s: string) => `"to": "https://files.example.com/a.txt?sv=2024&sig=${s}"`,
    ],
    ['a URL password of digits alone', '2916242258617902493013013', (s: string) => `"to": "https://user:${s}@example.com/notify"`],
    [
      "a URL's password inside another URL's path",
      's6akxi5l5jk4wr44',
      (s: string) => `cannot clone https://127.0.0.1:9/https://admin:${s}@api.acme.io/v1/r.git: unable to access`,
    ],
    ["a URL's password cut short before its @, a path after it", 'yk7w6eogot6zhjre', (s: string) => `"to": "https://admin:${s}/r.git"`],
    ['random capitals after a word of mixed case', 'AbC_BDGYDXQNHQMXVEAJVHDAHRAUIRUQ', (s: string) => `"skillSources": { "notes": "vendor/${s}" }`],
    ['two parts joined by a colon, the short one last', 'n60g8TS0fzMWHSqwi1I9u9RZV:UpJ25v50Gz8', (s: string) => `"notes": "key ${s} here"`],
    ['parts joined by dots, a short random one after a word', 'Q6H7hHeDzpOc.caVBjuQ5aG3mUBg9g3HfQMnypMRZ', (s: string) => `"notes": "pk.${s}"`],
    ['random letters of one case after camel-case words', 'MyApp_ihefdmbfzccrvuxctykvessiegzu', (s: string) => `"notes": "key ${s} and"`],
    ['random capitals after camel-case words', 'LiveKey_IHEFDMBFZCCRVUXCTYKVESSIEGZU', (s: string) => `"notes": "${s}"`],
    ['random capitals anywhere', 'FROYMXKQFRNOOZGZPLHUIMMLSEABES', (s: string) => `"notes": "key ${s} and"`],
  ])('%s', (_name, secret, place) => {
    expect(hidesWhole(place(secret), secret), place(secret)).toBe(true);
  });

  it('finds random lower-case letters in credential places nearly always, the longer the surer (measured from a fixed seed)', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const inPlace = (length: number) =>
      shareFound(
        2000,
        (seed) => randomBody(seed, letters, length),
        (secret) => hidesWhole(`"password": "${secret}"`, secret),
      );
    expect(inPlace(16)).toBeGreaterThan(0.9);
    expect(inPlace(24)).toBeGreaterThan(0.97);
    // Anywhere, from 20 letters on, of either case.
    const anywhere = (length: number, alphabet: string) =>
      shareFound(
        2000,
        (seed) => randomBody(seed, alphabet, length),
        (secret) => hidesWhole(`"note": "${secret}"`, secret),
      );
    expect(anywhere(32, letters)).toBeGreaterThan(0.99);
    expect(anywhere(24, letters)).toBeGreaterThan(0.97);
    expect(anywhere(20, letters.toUpperCase())).toBeGreaterThan(0.95);
  });

  it('finds base36 with its digits scattered after any words, from 16 characters on (measured from a fixed seed)', () => {
    const base36 = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const share = shareFound(
      2000,
      (seed) => `acme_live_${randomBody(seed, base36, 16 + (seed % 24))}`,
      (secret) => hidesWhole(`"name": "${secret}"`, secret.slice('acme_live_'.length)),
    );
    expect(share).toBeGreaterThan(0.97);
  });

  it.each([
    ['an env variable named in camel case', '"botToken": "env:dashboardInvoiceWeekly"'],
    ['a versioned name after env:', '"botToken": "env:webhook-refund-v4.15.89"'],
    ['a path after env:', '"botToken": "env:scripts/build-release-2024.sh"'],
    ['host names, versions, times and addresses', 'api.example.com:8443 v1.24.3 09:00:00 192.168.100.200 2001:db8:85a3::8a2e:370:7334'],
    ['paths and model ids', '/usr/local/bin/node node_modules/.bin/manifest-lint openrouter/anthropic/claude-sonnet workspace/projects/app'],
    ['a commit in a URL path', 'https://github.com/owner/repo/commit/3df41000223c6fc7ef4c7b950b33b9c327535c10'],
    ['a digest joined by a dash to a name', 'release-3df41000223c6fc7ef4c7b950b33b9c327535c10'],
    ['words of one case joined up', 'getuseraccountbyidentifierandtoken supersecretpasswordreminder'],
    [
      'a date, a name with a number and a slug after env:',
      '"a": "env:2026-08-24T09:00:00Z", "b": "env:WorkflowsCancellationExamples0", "c": "env:luxon-dynamic-8-italic"',
    ],
    ['a model id and a package after env:', '"a": "env:openai/gpt-4o-mini-2024-07-18", "b": "env:@acme/parse-url@^4.1.5"'],
    ['a model id with a date', '"model": "anthropic/claude-3-5-sonnet-20241022"'],
    ['a key of camel-case words', '"apiKeyForTheSlackBotIntegrationV2": "env:SLACK_BOT_TOKEN"'],
    [
      'variable names of words, numbers and camel case after env:',
      '"a": "env:1SLACK_BOT_TOKEN", "b": "env:TOKEN_2024_11_05_ROTATED", "c": "env:slackBotTokenForTheDailyDigestAgentInProduction"',
    ],
    [
      'a commit id and a UUID standing for themselves',
      '"commit": "3df41000223c6fc7ef4c7b950b33b9c327535c10", "requestId": "123e4567-e89b-12d3-a456-426614174000"',
    ],
  ])('leaves readable %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('a secret shown in part', () => {
  it('is hidden past its first characters wherever it shows whole, even where its runs read as letters of one case', () => {
    const secret = 'MyApp_ihefdmbfzccrvuxctykvessiegzu';
    const mask = new SecretMask().learn(`"botToken": "env:${secret}"`);
    expect(mask.mask(`reads the environment variable \`${secret}\`, but`)).toBe('reads the environment variable `MyAp…`, but');
  });

  it('shows no more of a secret a message cut short than its first characters, and nothing of its end after an ellipsis', () => {
    const secret = 'QHOtQPwrAzOekQzmNtXH6S4J';
    const mask = new SecretMask().learn(`"apiKey": "${secret}"`);
    expect(mask.mask('`model` is `"the key is here for everyone QHOtQPwrA…`, which')).toBe('`model` is `"the key is here for everyone QHOt…`, which');
    expect(mask.mask('is `…x=QHOtQPwrAz…`, then `…OekQzmNtXH6S4J"`')).toBe('is `…x=QHOt…`, then `…"`');
    // Words that merely start or end like a secret are not cut: four characters or fewer of its end.
    expect(mask.mask('see `QH…` and `…S4J`')).toBe('see `QH…` and `…S4J`');
    // Among many secrets that start and end alike, each is told by the rest of what shows.
    const crowded = new SecretMask();
    for (let i = 0; i < 500; i++) crowded.add(`QHO${String(i).padStart(3, '0')}Xk29fQ7vLm3pS4J`);
    crowded.add(secret);
    expect(crowded.mask('`"everyone QHOtQPwrA…` and `…zmNtXH6S4J"`')).toBe('`"everyone QHOt…` and `…"`');
  });

  it('shows no more of a secret whose first pieces a message quotes alone, up to one of its joiners, than its first characters', () => {
    const cases: [string, string][] = [
      ['{"version":1}\nNmOWUlJI/GDn/XEMS4LTSrERiu+dAIO0APgp98k2\n', 'NmOWUlJI'],
      ['{"version":1}\n923059900:AAB0j1s79WTfm_HMP4Gp7_bJRVarfHkBRx4\n', '923059900'],
      // A line of a PEM block's body, which a message may quote alone.
      ['{"version":1}\n-----BEGIN PRIVATE KEY-----\ntgrKtrjB/4WTyOjO+wi8WBbFSCIW6jlqSY0wqywzsAx8xbDR8nYkdamimHCdc7/0\n-----END PRIVATE KEY-----\n', 'tgrKtrjB'],
    ];
    for (const [text, piece] of cases) {
      const messages = lint(text)
        .diagnostics.map((d) => d.message)
        .join('\n');
      expect(messages, piece).toContain(`"${piece.slice(0, 4)}…"`);
      expect(messages, piece).not.toContain(piece);
    }
    // A word a secret merely starts with, and the words it opens with, stay.
    const mask = new SecretMask().add('MyAppXh3kQ9vLm2Zp7Rt').add('acme_live_Xh3kQ9vLm2Zp7Rt4wB');
    expect(mask.mask('the agent `MyApp` of acme_live keys')).toBe('the agent `MyApp` of acme_live keys');
  });

  it("takes for public only what is written as a CID in a skill's `cid`, not a token pasted there", () => {
    for (const token of [
      '30o55CmREhtyoe5m2IdGfAPBu1VE5NpXarS0gNLs',
      'Bearer xg8m6IE7wrOYnXZi1EpaQp4JJo9lwdFa6w9y',
      'QconV9X2hItvly3uUMyq9hT6FK481CzruGFD2EAS',
    ]) {
      const mask = maskFor(parseDocument(`{ "skills": [{ "name": "notes", "cid": "${token}" }] }`));
      expect(mask.empty, token).toBe(false);
      expect(leakIn(mask.mask(`\`skills[0].cid\` is \`"${token}"\``), forbiddenRuns(token.replace('Bearer ', ''))), token).toBeUndefined();
    }
    // Random tokens of any alphabet pasted there, measured from a fixed seed: of those the detector
    // takes for secrets, (nearly) none is taken for a CID.
    for (const alphabet of [
      ALPHABETS.base62,
      `${ALPHABETS.base62}+/`,
      '0123456789abcdef',
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
    ]) {
      const trusted = shareFound(
        500,
        (seed) => JSON.stringify({ skills: [{ name: 'notes', cid: randomBody(seed, alphabet, 20 + (seed % 60)) }] }),
        (text) => findSecrets(text).length > 0 && maskFor(parseDocument(text)).empty,
      );
      expect(trusted, alphabet).toBeLessThan(0.01);
    }
    // A CID damaged as people damage them stays public: its first character mistyped, `Qn` for `Qm`, a character added.
    for (const cid of [
      'xafybeihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      'QndfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n',
      'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1nn',
    ]) {
      expect(maskFor(parseDocument(`{ "skills": [{ "name": "notes", "cid": "${cid}" }] }`)).empty, cid).toBe(true);
    }
  });

  it("leaves a skill's CID public when whitespace or a control character split it", () => {
    const cid = 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue';
    for (const written of [`${cid.slice(0, 20)} ${cid.slice(20)}`, `${cid.slice(0, 20)}\\u0001${cid.slice(21)}`]) {
      const mask = maskFor(parseDocument(`{ "skills": [{ "name": "notes", "cid": "${written}" }] }`));
      expect(mask.empty, written).toBe(true);
    }
  });
});

describe('a token split by what shows as nothing', () => {
  const token = 'ghp_R8kZ2vQp7LmX4tN9wB3cYd5Fh6Jk1Lp0Qs2T';
  const split = (glue: string) => token.match(/.{1,5}/g)!.join(glue);

  it('in a README, with hyphens written as references (`&hyphen;`), which show as `-`', () => {
    const readme =
      'Slack app token: xapp&hyphen;1&hyphen;AQ1NPZKOPA8&hyphen;3217060503058&hyphen;f055254a94dd96dfdf72c82d0e47a3bbf88a55e6bf740768e64d1b4fed686f88\n';
    expect(new ReadingMask(readMarkupEscapes).learn(readme).mask(readme)).toBe('Slack app token: xapp…\n');
  });

  it('in a README, with what shows as nothing written as named or numeric references', () => {
    for (const glue of ['&shy;', '&ZeroWidthSpace;', '&zwj;', '&lrm;', '&#8203;', '&#x200B;', '&#173;']) {
      const readme = `Token: ${split(glue)}\n`;
      expect(leakIn(new ReadingMask(readMarkupEscapes).mask(readme), forbiddenRuns(token)), readme).toBeUndefined();
    }
  });

  it.each([
    ['zero-width spaces', '\u200b'],
    ['zero-width joiners', '\u200d'],
    ['soft hyphens', '\u00ad'],
  ])('in a manifest, with %s written as they are or as escapes', (_name, invisible) => {
    for (const written of [split(invisible), split(`\\u${invisible.charCodeAt(0).toString(16).padStart(4, '0')}`)]) {
      const manifest = `{ "version": 1, "agent": { "name": "Courier" }, "notes": "${written}" }`;
      // As the engine masks a message quoting the value, and as the CLI masks a code frame of it.
      const quoted = `\`notes\` is "${JSON.parse(`"${written}"`)}"`;
      expect(leakIn(maskFor(parseDocument(manifest)).mask(quoted), forbiddenRuns(token)), quoted).toBeUndefined();
      expect(leakIn(new ReadingMask(readJsonEscapes).mask(manifest), forbiddenRuns(token)), manifest).toBeUndefined();
    }
  });

  it.each([
    ['emphasis', `${token.slice(0, 9)}**${token.slice(9, 24)}**${token.slice(24)}`],
    ['a comment', `${token.slice(0, 12)}<!-- note -->${token.slice(12)}`],
    ['a tag', `${token.slice(0, 12)}<b></b>${token.slice(12)}`],
    ['strike-through', `${token.slice(0, 12)}~~${token.slice(12)}`],
    ['zero-width spaces', split('\u200b')],
  ])('in a README, split by %s', (_name, written) => {
    const readme = `# Courier\n\nSet the token to ${written} before deploying.\n`;
    const mask = new ReadingMask(readMarkupEscapes).learn(readme);
    expect(leakIn(mask.mask(readme), forbiddenRuns(token)), readme).toBeUndefined();
  });
});

describe('secrets by their place, written so that the detector alone would not know them', () => {
  it('a value that is a secret only by its place, written with JSON escapes, is hidden where its escapes stand', () => {
    const uuid = 'd85e575e-68f3-45ea-a2d4-11e7bfd9e32d';
    const escaped = [...uuid].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const text = `{ "version": 1, "channels": { "telegram": { "botToken": "${escaped}" } } }`;
    const mask = new ReadingMask(readJsonEscapes).merge(maskFor(parseDocument(text)));
    expect(leakIn(mask.mask(text), forbiddenRuns(uuid))).toBeUndefined();
    expect(mask.mask(`-  "botToken": "${escaped}"`)).not.toContain(escaped.slice(0, 60));
  });

  it("a token pasted as a secret's name is hidden, a name of words is not", () => {
    const text = '{ "secrets": [{ "name": "690c34971187a1cb1466ba7eaa9fb8aff1ff65a2" }, { "name": "OPENAI_API_KEY_2" }, { "name": "myApiKey" }] }';
    const mask = maskFor(parseDocument(text));
    expect(mask.mask(text)).toBe('{ "secrets": [{ "name": "690c…" }, { "name": "OPENAI_API_KEY_2" }, { "name": "myApiKey" }] }');
    // Words in the wrong case, and a package's name with its version range, are names all the same.
    for (const name of ['apiKeyForTheSlackBotIntegrationV2', 'BuildTokenDiscordWeeklyTelegram', '@agent-production/market-integration@^4.0.0-beta.3']) {
      const declared = `{ "version": 1, "agent": { "name": "A" }, "secrets": [{ "name": "${name}" }] }`;
      expect(maskFor(parseDocument(declared)).mask(declared), name).toBe(declared);
      const messages = lint(declared).diagnostics.map((d) => d.message);
      expect(messages.join('\n'), name).not.toContain('looks like a credential');
    }
  });

  it('a value pasted into a secret declaration is the secret, whatever its shape', () => {
    for (const value of ['df1cb6cf-5cee-4279-a106-8ab2579fd12b', 'ql1RgruuLATGXbYUQI']) {
      const text = `{ "secrets": [{ "name": "OPENAI_API_KEY", "value": "${value}", "description": "The OpenAI key" }] }`;
      const mask = maskFor(parseDocument(text));
      expect(leakIn(mask.mask(text), forbiddenRuns(value)), value).toBeUndefined();
      expect(mask.mask(text)).toContain('"description": "The OpenAI key"');
    }
  });
});

describe('what looks random but is public', () => {
  it('leaves alone words joined to a short random tail, as temporary folders are named', () => {
    fc.assert(
      fc.property(fc.constantFrom('agent-manifest-test-', 'tmp_build_', 'my-app-release-'), fc.integer(), (words, seed) => {
        const path = `/tmp/${words}${randomBody(seed, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 6)}/manifest.json`;
        expect(found(path)).toEqual([]);
      }),
      { numRuns: 20000, ...SEED },
    );
  });

  it.each([
    ['words joined up with numbers', 'DailyReport2024Q4Summary useEffectHook2Cleanup GetUserProfileById2 AgentWithWallet2MoonPay'],
    ['a CIDv1', 'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue'],
    ['a CIDv0', 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n'],
    ['a raw-leaf CIDv1', 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku'],
    ['a git commit id', '3df41000223c6fc7ef4c7b950b33b9c327535c10'],
    ['a SHA-256 digest', 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    ['an integrity hash', 'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=='],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
    ['a model id', 'openrouter/anthropic/claude-sonnet-4.5'],
    ['a template slug and a path', 'raidguild-agent-app-starter /workspace/projects/app-2024/dist'],
  ])('%s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('placeholders are not secrets, and masking hides secrets only', () => {
  const placeholders = [
    'xoxb-your-bot-token',
    'YOUR_TOKEN_HERE',
    '<token>',
    'xxxxxxxxxxxxxxxx',
    'sk-your-openai-key-here',
    'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'paste-your-key-here',
  ];

  it.each(placeholders)('%s', (placeholder) => {
    expect(found(`"botToken": "${placeholder}"`)).toEqual([]);
  });

  it('keeps the advice of a placeholder finding readable: keys, the secret name, the env reference', () => {
    const text = '{ "version": 1, "agent": { "name": "a" }, "channels": { "slack": { "botToken": "xoxb-your-bot-token" } } }';
    const [finding] = lint(text).diagnostics.filter((d) => d.ruleId === 'channel-token-literal');
    expect(finding?.messageId).toBe('placeholder');
    expect(finding?.message).toContain('`channels.slack.botToken`');
    expect(finding?.message).toContain('"env:SLACK_BOT_TOKEN"');
    expect(finding?.message).toContain('"xoxb-your-bot-token"');
  });

  it('keeps the advice readable when a .env line is pasted as a token: the variable it names is no secret', () => {
    const text =
      '{ "version": 1, "agent": { "name": "a" }, "channels": { "telegram": { "botToken": "SLACK_BOT_TOKEN=ghp_Zq8Kx2Lm9Np4Rt7Vw1Yb3Cd6Ef0Gh2Ij4Kl6" } } }';
    const { diagnostics, mask } = lint(text);
    const [finding] = diagnostics.filter((d) => d.ruleId === 'channel-token-literal');
    const shown = mask.mask(finding!.message);
    expect(shown).toContain('`channels.telegram.botToken`');
    expect(shown).toContain('"env:TELEGRAM_BOT_TOKEN"');
    expect(mask.mask(text)).toContain('"SLACK_BOT_TOKEN=ghp_…"');
  });

  it('shows a variable reference written wrongly and the variable of a .env line whole in the advice, and a placeholder of zeros as one', () => {
    const text = JSON.stringify({
      version: 1,
      agent: { name: 'a' },
      channels: {
        slack: { botToken: 'SLACK_BOT_TOKEN=xoxb-2417039872-8421650913-Zq8Kx2Lm9Np4Rt7Vw1Yb3Cd6', appToken: '${SLACK_APP_TOKEN}' },
        telegram: { botToken: 'ENV:TELEGRAM_BOT_TOKEN' },
        discord: { botToken: 'xoxb-000000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx' },
      },
    });
    const { diagnostics, mask } = lint(text);
    const shown = diagnostics.map((d) => mask.mask(d.message)).join('\n');
    expect(shown).toContain('(SLACK_BOT_TOKEN=xoxb…)');
    expect(shown).toContain('(${SLACK_APP_TOKEN})');
    expect(shown).toContain('(ENV:TELEGRAM_BOT_TOKEN)');
    expect(shown).toContain('holds the placeholder "xoxb-000000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx"');
    expect(shown).not.toContain('Zq8Kx2Lm');
    // The token of the .env line is no Slack bot token of the wrong shape.
    expect(diagnostics.filter((d) => d.ruleId === 'channel-token-shape' && d.path.join('.') === 'channels.slack.botToken')).toEqual([]);
  });

  it('takes a .env line that assigns a placeholder for a placeholder, its variable and advice readable', () => {
    const text = '{ "version": 1, "agent": { "name": "a" }, "channels": { "slack": { "botToken": "SLACK_BOT_TOKEN=xoxb-your-bot-token" } } }';
    const { diagnostics, mask } = lint(text);
    const [finding] = diagnostics.filter((d) => d.ruleId === 'channel-token-literal');
    expect(finding?.messageId).toBe('placeholder');
    expect(mask.mask(finding!.message)).toContain('"SLACK_BOT_TOKEN=xoxb-your-bot-token"');
    expect(mask.empty).toBe(true);
  });

  it('keeps the advice readable when a token is pasted after env: and the name it should be stored under', () => {
    const text =
      '{ "version": 1, "agent": { "name": "a" }, "channels": { "telegram": { "botToken": "env:TELEGRAM_BOT_TOKEN_kQ7vX9mZ2pL4nR8sT1wY3bC6dF0gH5jK==" } } }';
    const { diagnostics, mask } = lint(text);
    const shown = diagnostics.map((d) => mask.mask(d.message)).join('\n');
    expect(shown).toContain('`channels.telegram.botToken`');
    expect(shown).toContain('`env:TELEGRAM_BOT_TOKEN`');
    expect(leakIn(mask.mask(text), forbiddenRuns('kQ7vX9mZ2pL4nR8sT1wY3bC6dF0gH5jK=='))).toBeUndefined();
  });

  it('takes camel-case names for names when one long word among them pairs as few words do (backup)', () => {
    expect(found('"slug": "backupDashboardInvoice2024", "to": "marketKeyBackupDashboardAgentBotSummaryV2"')).toEqual([]);
  });

  it('takes camel-case names of long words for names, even of words that pair as few words do (webhook)', () => {
    const text =
      '{ "secrets": [{ "name": "SLACK_APP_TOKEN", "description": "webhookInvoiceWebhookMarketV2" }], "channels": { "slack": { "botToken": "env:NOTES_WEBHOOK_BOT_TOKEN" } } }';
    expect(found(text)).toEqual([]);
    const messages = lint(text)
      .diagnostics.map((d) => d.message)
      .join('\n');
    expect(messages).toContain('NOTES_WEBHOOK_BOT_TOKEN');
    expect(messages).not.toContain('NOTES_W…');
  });

  it('never hides words a real secret shares with them: variable names, keys, paths stay whole', () => {
    // A secret whose characters include whole words: only its generated-looking runs count.
    const mask = new SecretMask().add('tokenbottokenSLACK9fK2xQ7vL');
    const plain =
      'Store it as SLACK_BOT_TOKEN, write "env:SLACK_BOT_TOKEN" in channels.slack.botToken; see /usr/lib/node_modules/agent-manifest/dist/chunks/cron.js';
    expect(mask.mask(plain)).toBe(plain);
  });

  it('leaves every output of a manifest without secrets as it is (the identity property)', () => {
    const words = fc.constantFrom(
      'agent',
      'daily',
      'report',
      'SLACK_BOT_TOKEN',
      'env:TELEGRAM_BOT_TOKEN',
      'botToken',
      '/app',
      '0 9 * * *',
      'anthropic/claude-sonnet-4-6',
      'useful-assistant',
      'Europe/Lisbon',
      '@pinata/api',
      'bafybeicglyjdb6wrrcbfyu6i2fe4lpxdxgvfvlht7yzdim7cvwt656whue',
    );
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 12 }), (parts) => {
        const text = JSON.stringify({
          version: 1,
          agent: { name: parts[0], description: parts.join(' ') },
          tasks: [{ name: parts.at(-1), prompt: parts.join(' '), schedule: '0 9 * * *' }],
        });
        const mask = new SecretMask().learn(text);
        expect(mask.empty).toBe(true);
        for (const diagnostic of lint(text).diagnostics) expect(mask.mask(diagnostic.message)).toBe(diagnostic.message);
        expect(mask.mask(text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('no fix copies a secret', () => {
  it('a token written after env: moves to the vault instead of being declared as a secret name', () => {
    const token = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    const text = `{ "version": 1, "agent": { "name": "a" }, "channels": { "telegram": { "botToken": "env:${token}" } } }`;
    const { output } = fixText(text);
    expect(output).not.toContain(token.slice(8));
    expect(JSON.parse(output).channels.telegram.botToken).toBe('env:TELEGRAM_BOT_TOKEN');
    expect(JSON.parse(output).secrets).toEqual([{ name: 'TELEGRAM_BOT_TOKEN', description: 'Telegram bot token (channels.telegram.botToken)' }]);
  });

  it('a token used as a channel name is not copied into a secret description', () => {
    const token = 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
    const text = `{ "version": 1, "agent": { "name": "a" }, "channels": { "${token}": { "botToken": "env:BOT_TOKEN" } } }`;
    for (const finding of lint(text).diagnostics) {
      for (const fix of [...(finding.fixes ?? []), ...(finding.suggestions ?? [])]) {
        for (const edit of fix.edits) expect(leakIn(edit.newText, forbiddenRuns(token)), `${finding.ruleId}: ${fix.title}`).toBeUndefined();
      }
    }
    const { output } = fixText(text);
    expect(output.split(token.slice(10, 30)).length - 1).toBe(1);
  });

  it('no suggestion rewrites a secret into a form of its own (lower-cased into a slug)', () => {
    const token = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';
    const text = `{ "version": 1, "agent": { "name": "a" }, "skills": [{ "name": "s", "clawhub_slug": "${token}" }] }`;
    const edits = lint(text)
      .diagnostics.flatMap((d) => [...(d.fixes ?? []), ...(d.suggestions ?? [])])
      .flatMap((f) => f.edits);
    for (const edit of edits) expect(leakIn(edit.newText, forbiddenRuns(token))).toBeUndefined();
  });
});
