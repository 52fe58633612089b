/** The usage text of `--help` (SPEC section 6). */
export const HELP = `Usage: manifest-lint [options] [paths...]
       manifest-lint template <dir|git-url> [--ref <ref>] [options]
       manifest-lint template --remote <git-url> [--ref <ref>] [--agents-url <url>]
       manifest-lint rule <id>
       manifest-lint cid <file|folder> [--profile <name>] [--format json]
       manifest-lint skill upload <folder> [--profile <name>] [--network <name>]
                                  [--pin <skill-name>] [--upload-url <url>]
       manifest-lint dev [folder] [--yes] [--check] [--env-file <file>]

Lints agent manifests (manifest.json). Paths are files, folders (searched for
manifest.json, skipping node_modules and .git) or globs; the default is
./manifest.json.

Output
  -f, --format <name>       stylish (default; code frames, colours on a terminal,
                            rule ids linked to their page where the terminal
                            draws links; FORCE_HYPERLINK=1 or 0 decides),
                            json, sarif, github, compact, or for CI reports
                            gitlab (Code Quality), junit or checkstyle (XML)
      --quiet               report errors only (warnings do not count either)
      --max-warnings <n>    exit with 1 when there are more than n warnings

Fixes
      --fix                 apply the safe fixes in place (atomic write, formatting
                            kept), then report what remains
      --fix-dry-run         print the safe fixes as a unified diff per file and
                            write nothing; the exit code is that of --fix

Rules and configuration
      --rule <id>=<sev>     set a rule's severity: off, hint, info, warning or
                            error (repeatable; overrides the config file)
  -c, --config <file>       use this config file for every manifest
      --no-config           do not look for .manifestlintrc.json
                            (by default the nearest one from each manifest's
                            folder upwards, up to a folder holding .git or the
                            home folder; files of another user, and links out
                            of the repository, are skipped with a warning)
      --now <ISO time>      the clock for time-dependent rules, for example
                            2026-11-23T09:00:00Z

Input
      --stdin               lint standard input; with --fix, print the fixed text
                            on stdout and the report on stderr
      --stdin-filename <n>  the name of standard input in the output and for the
                            config file lookup
      --force               lint a file that shows no agent manifest (no official
                            "$schema", no "agent", too few agent manifest keys:
                            a web app's or a browser extension's manifest.json,
                            a file list…); without it such files are left out,
                            with a line when named, silently in folders
      --verbose             say which files found in folders were left out, and why

Information
      --list-rules          list the rules with their default severity
  rule <id>                 print a rule's page: what it finds, why it matters,
                            the evidence, examples, how to turn it off
      --print-schema        print the manifest JSON Schema
      --print-config        print, for each path, the config file that applies
                            (and any passed over) and every rule's severity
  -v, --version             print the version
  -h, --help                print this help

Template repositories
  template <dir|git-url>    check a template repository as the platform's
                            template validator does: manifest.json (template
                            metadata required), README.md, workspace/, and the
                            repository rules; findings about other files are
                            reported under those files. All the options above
                            apply (except --stdin; --fix needs a folder)
      --ref <ref>           with a git URL: the branch, tag or full commit SHA
                            to check (default: the default branch)
  -f api                    print the validator's response:
                            { valid, errors, manifest, readme, files }
  A git URL (https://, ssh://, git://, file://, git@host:path) is cloned
  shallow into a temporary folder that is always removed, with no hooks,
  filters, submodules or git configuration of yours, no prompts, and bounds
  of 60 s and 200 MB (MANIFEST_LINT_CLONE_TIMEOUT seconds,
  MANIFEST_LINT_CLONE_MAX_MB). A clone that fails exits with 2.
      --remote              with a git URL: also ask the platform's template
                            validator (POST <agents-url>/v0/templates/validate
                            with {"gitUrl", "ref"}, the key in the environment
                            variable PINATA_JWT, never printed) and show its
                            verdict and errors beside ours, then each
                            disagreement: a verdict that differs, a platform
                            error matched to no finding of ours (by its JSON
                            path), an error of ours it did not report. Without
                            --ref, the ref sent is the default branch the clone
                            checked out. Exit 0 when both say valid, 1 when
                            either finds errors or they disagree, 2 when the
                            platform's verdict is unknown (refused key, 5xx,
                            no answer within 30 s: MANIFEST_LINT_REMOTE_TIMEOUT
                            seconds; an answer it cannot read)
      --agents-url <url>    the platform's API (default https://agents.pinata.cloud)
  -f json|api               with --remote: {"local", "platform", "matches",
                            "disagreements"}, local being what that format
                            prints without --remote (stylish is the default)

Skill CIDs and uploads
  cid <file|folder>         print the CID an upload of it gets, computed offline
                            (a folder: its files with paths below it, dotfiles
                            included; symbolic links are refused)
      --profile <name>      v1 (default: CIDv1, raw leaves, 256 KiB chunks, 174
                            links a node), v0 (CIDv0, dag-pb leaves, 256 KiB,
                            174) or unixfs-v1-2025 (CIDv1, raw leaves, 1 MiB,
                            1024)
  -f json                   print {"cid":"...","profile":"..."}
  skill upload <folder>     upload a skill's folder to the storage API with the
                            key in the environment variable PINATA_JWT, check
                            that its CID is the folder's and print it (exit 1
                            when they differ)
      --profile <name>      as for cid, sent as cid_version
      --network <name>      private (default, as the API's) or public
      --pin <skill-name>    then write the CID into that skill of ./manifest.json
      --upload-url <url>    the upload host (default https://uploads.pinata.cloud)
                            An upload where nothing moves for 60 s is given up
                            (MANIFEST_LINT_UPLOAD_STALL_TIMEOUT seconds).

Running it as the platform would
  dev [folder]              print the plan (build and start, the folder they run
                            in, the routes, the gateway, the secrets by name),
                            then run it as the platform does: build (its log
                            in .agent-manifest/dev/user-build.log, a timeout);
                            start only after a successful build, detached in
                            its own process group (user-start.log); a gateway
                            forwarding each route by its path prefix, stripped
                            first (HTTP and WebSocket), a protected route asking
                            for the gateway token (Authorization: Bearer,
                            ?token= or the cookie gw_token); then each route's
                            port: ready (all interfaces), binds localhost, or
                            not listening. Ctrl+C or SIGTERM stops the gateway
                            and both scripts with everything they started.
                            Linux and macOS only. Also: agent-manifest dev
  -y, --yes                 run without asking (needed when standard input is
                            not a terminal)
      --check               report, stop everything, exit 0 only when every
                            route is ready (for CI)
      --env-file <file>     values of the declared secrets (NAME=value lines);
                            the environment wins. A missing required secret
                            stops the run before anything runs; the scripts
                            get the declared secrets and PATH, HOME, USER,
                            LOGNAME, SHELL, LANG, LC_ALL, TZ, TMPDIR only
      --build-timeout <s>   the build's limit (default 300, the platform's)
      --ready-timeout <s>   how long to wait for each route's port (default 60)
      --gateway-port <n>    where the gateway listens on 127.0.0.1 (default
                            18789, the port the platform reserves for it; 0
                            picks a free one); a route on it is refused
      --gateway-token <t>   the gateway token (default: a new one each run,
                            printed once)

Exit codes: 0 no errors (and warnings within --max-warnings); 1 lint errors or
too many warnings; 2 usage or I/O problem (message on stderr).
`;
