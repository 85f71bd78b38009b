#!/usr/bin/env bash
# Pack-and-install smoke test, as a new user meets the library: packs every package (`pnpm pack`
# applies publishConfig, as `pnpm publish` does), installs all the tarballs together into a fresh npm
# project in a temporary folder outside the workspace (from the registry only what they depend on),
# and runs the programs of .ci/smoke/ there: ESM (.mjs), CommonJS (.cjs), and strict TypeScript
# (type-checked with module/moduleResolution node16 and nodenext, then compiled and run). Each
# program starts the mock platform, makes a Platform client against it, makes two calls, receives
# one event over the EventSub WebSocket (Node 20 has no global WebSocket: `ws` comes with
# @platform/eventsub-ws) and checks `instanceof` of an error class.
#
# It also bundles @platform/client for the browser with esbuild, from the installed packages, and
# fails on any warning or on `ws` or a Node built-in in the bundle.
#
# Run after the build: `bash .ci/smoke.sh`. SMOKE_RUNTIMES="bun@1.4.5 deno@2.9.6" runs smoke.mjs and
# smoke.cjs under those runtimes too, installed from the npm registry into .cache/ (as CI does with
# Node 22 and 24).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/platform-client-smoke.XXXXXX")"
trap 'rm -rf "$work"' EXIT
case "$work" in "$root"/*) echo "the smoke project must be outside the workspace" >&2; exit 1 ;; esac

echo "packing every package into $work/tarballs"
(cd "$root" && pnpm -r --filter './packages/*' pack --pack-destination "$work/tarballs" > "$work/pack.log") || { cat "$work/pack.log"; exit 1; }
ls "$work/tarballs"

project="$work/project"
mkdir -p "$project"
cp "$root"/.ci/smoke/smoke.mjs "$root"/.ci/smoke/smoke.cjs "$root"/.ci/smoke/smoke.mts "$root"/.ci/smoke/smoke-require.cts "$project"/
printf '{ "name": "platform-client-smoke", "version": "0.0.0", "private": true }\n' > "$project/package.json"
echo "installing the tarballs into a fresh npm project ($project)"
(cd "$project" && npm install --no-audit --no-fund --loglevel=error "$work"/tarballs/*.tgz)

cd "$project"
# What is published: a LICENSE, no dev-only export condition, no sources beside dist (the source
# maps embed them).
for package in node_modules/@platform/*/; do
  [ -f "$package/LICENSE" ] || { echo "$package has no LICENSE" >&2; exit 1; }
  if grep -q '@platform/source' "$package/package.json"; then echo "$package/package.json names the dev-only @platform/source condition" >&2; exit 1; fi
  [ ! -e "$package/src" ] || { echo "$package ships its src folder" >&2; exit 1; }
done
echo "node $(node --version), ESM"
node smoke.mjs
echo "node $(node --version), CommonJS"
node smoke.cjs

# The workspace's TypeScript and Node types, by path: the project installs nothing but the packages.
tsc=("node" "$root/node_modules/typescript/bin/tsc")
typescript_options=(--strict --skipLibCheck false --target es2022 --lib es2022,dom --types node --typeRoots "$root/node_modules/@types")
for mode in node16 nodenext; do
  echo "TypeScript $("${tsc[@]}" --version | cut -d' ' -f2), strict, module and moduleResolution $mode"
  "${tsc[@]}" "${typescript_options[@]}" --module "$mode" --moduleResolution "$mode" --noEmit smoke.mts smoke-require.cts
done
"${tsc[@]}" "${typescript_options[@]}" --module nodenext --moduleResolution nodenext --outDir out smoke.mts
echo "node $(node --version), the compiled TypeScript program"
node out/smoke.mjs

echo "the platform-mock command of the installed @platform/mock (npx): serve, a call with its token, SIGTERM"
npx --no-install platform-mock --help > /dev/null
# The bin itself (npx would stand between the signal and the command).
node_modules/.bin/platform-mock serve --port 0 --json > serve.out 2> serve.err &
serve_pid=$!
for _ in $(seq 1 100); do [ -s serve.out ] && break; sleep 0.1; done
node -e '
  const info = JSON.parse(require("node:fs").readFileSync("serve.out", "utf8").split("\n")[0]);
  fetch(`${info.apiUrl}/users`, { headers: { Authorization: `Bearer ${info.userToken}`, "Client-Id": info.clientId } })
    .then(async (answer) => {
      const body = await answer.json();
      if (answer.status !== 200 || body.data[0].login !== info.user.login) throw new Error(`GET /users answered ${answer.status}: ${JSON.stringify(body)}`);
      console.log(`platform-mock serve on port ${info.port}: GET /helix/users with its user token is ${body.data[0].login}`);
    })
    .catch((error) => { console.error(error); process.exit(1); });
' || { cat serve.err; kill "$serve_pid"; exit 1; }
kill -TERM "$serve_pid"
wait "$serve_pid" || { echo "platform-mock serve did not stop with exit 0 on SIGTERM" >&2; cat serve.err; exit 1; }

echo "esbuild, a browser bundle of @platform/client"
printf "import { Platform, eventSubWebSocket, PlatformError } from '@platform/client';\nconsole.log(typeof Platform, typeof eventSubWebSocket, typeof PlatformError);\n" > browser-entry.mjs
# The workspace's esbuild (tsup's), by path, through its API.
esbuild="$(cd "$root" && node -p "require.resolve('esbuild', { paths: [require.resolve('tsup')] })")"
node -e '
  const esbuild = require(process.argv[1]);
  const result = esbuild.buildSync({
    entryPoints: ["browser-entry.mjs"], bundle: true, platform: "browser", format: "esm", minify: true,
    outfile: "out/browser.js", metafile: true, logLevel: "silent",
  });
  if (result.warnings.length > 0) {
    console.error(esbuild.formatMessagesSync(result.warnings, { kind: "warning" }).join("\n"));
    console.error("the browser bundle had warnings");
    process.exit(1);
  }
  const inputs = Object.keys(result.metafile.inputs);
  const wrong = inputs.filter((input) => /node_modules\/(ws|undici)\/|websocket\.node|runtime-sender\.node|transports\/(undici|node-http)|^node:/.test(input));
  if (wrong.length > 0) { console.error("the browser bundle holds Node-only code:", wrong); process.exit(1); }
  console.log(`${inputs.length} modules, none of them Node-only`);
' "$esbuild"

for spec in ${SMOKE_RUNTIMES:-}; do
  runtime="${spec%@*}"
  bin="$root/.cache/${spec/@/-}/node_modules/.bin/$runtime"
  if [ ! -x "$bin" ]; then
    npm install --prefix "$root/.cache/${spec/@/-}" "$spec" --no-save --no-fund --no-audit --loglevel=error
  fi
  run=("$bin")
  if [ "$runtime" = deno ]; then run=("$bin" run --allow-all); fi
  echo "$runtime $("$bin" --version | head -1 | sed "s/^$runtime //"), ESM and CommonJS"
  "${run[@]}" smoke.mjs
  "${run[@]}" smoke.cjs
done
echo "smoke test passed"
