/** The help of each command, and of the whole (`platform-mock --help`). */
const texts: Readonly<Record<string, string>> = {
  '': `platform-mock: the platform (its HTTP API, OAuth server, EventSub) on your machine, for any language

Usage: platform-mock <command> [options]      (npx @platform/mock <command> ...)

Commands:
  serve                 run the mock: API, OAuth, EventSub WebSocket and webhooks, /mock/ controls
  trigger <type>        send one signed EventSub webhook notification to a URL (or raise it on a serve)
  retrigger <id>        send a notification again, as the platform's retry does
  verify-subscription   send a subscription's verification challenge and check the answer
  token                 print a user or app token of a running serve
  types                 list the EventSub types and versions the mock knows

Every command takes --help, and --json for one line of JSON on stdout.
Bad input is one line on stderr ("platform-mock: ...") and a non-zero exit (2 for bad usage).
`,
  serve: `Usage: platform-mock serve [--port 8080] [--host 127.0.0.1] [--state FILE] [--seed FILE] [--json]

Runs the whole mock on one port of 127.0.0.1 and prints its addresses (API, OAuth, EventSub
WebSocket, the /mock/ controls), a client ID and secret, an app token and a user token (of the
state's first user, "streamer" when there is none, with every scope; neither token expires).

  --port N      the port (default 8080; 0 picks a free one: read it from the output)
  --host H      127.0.0.1 or localhost: the mock listens on 127.0.0.1 only
  --state FILE  load the state from FILE if it exists, write it there on every change and at stop:
                users, clients, tokens, channels and every group's records (polls, rewards,
                webhook subscriptions, conduits...) survive a restart; WebSocket sessions,
                faults and the request log do not
  --seed FILE   users, clients, tokens and channels to start with (JSON; ignored when --state
                restores a kept state):
                {"clients":[{"clientId":"my-app","clientSecret":"my-secret"}],
                 "users":[{"login":"streamer","id":"1000"}],
                 "tokens":[{"user":"streamer","clientId":"my-app","scopes":["user:write:chat"],
                            "accessToken":"fixed-token","expiresIn":null}],
                 "channels":[{"broadcaster":"streamer","title":"Hello","live":true}]}
  --json        print the addresses and credentials as one JSON object

Stops on SIGINT (Ctrl-C) or SIGTERM: the server closes, the state is written, exit 0.
A port in use is one line and exit 1.
`,
  trigger: `Usage: platform-mock trigger <type>[@version] --to URL --secret S [--field key=value ...] [--json]
       platform-mock trigger <type>[@version] --transport websocket [--to http://127.0.0.1:8080] [--field key=value ...]

Sends one EventSub notification of the type (newest version without @version) to URL, signed as the
platform signs (HMAC-SHA256 of message id, timestamp and body, with the secret), with the platform's
headers, and prints the request and the answer. The event is the catalogue's sample, with a made-up
subscription whose condition is read from the event.

  --to URL             the receiver (webhook) or the running serve (websocket)
  --secret S           the subscription's secret: 10 to 100 ASCII characters, as the platform requires
  --field key=value    set an event field; a.b=value reaches into an object; the value keeps the
                       sample's type (numbers, true/false); repeat for several fields
  --condition key=value  set a condition key of the subscription (default: read from the event)
  --transport T        webhook (default) or websocket: raise the event on a running serve, which
                       delivers it to its subscribers (WebSocket, webhook, conduit)
  --store FILE         where sent messages are kept for retrigger (default:
                       $PLATFORM_MOCK_HOME/sent.json, else <tmp>/platform-mock/sent.json)
  --timeout MS         how long the receiver has to answer (default 10000)
  --json               the request and the answer as one JSON object

Exit 0 on a 2xx answer, 1 on another answer or none.
`,
  retrigger: `Usage: platform-mock retrigger <message-id> [--to URL] [--secret S] [--json]
       platform-mock retrigger <message-id> --transport websocket [--to http://127.0.0.1:8080]

Sends a notification that trigger sent again, as the platform's retry does: the same message id
and body, Twitch-Eventsub-Message-Retry one higher, a fresh timestamp and signature. With
--transport websocket, a running serve sends a message it delivered again, unchanged, over the
transport it went by (a WebSocket session, or a webhook of its subscriptions).

  --to URL      another receiver (default: where it went); with --transport websocket, the serve
  --transport   webhook (default) or websocket (the message a serve delivered)
  --secret S    another secret (default: the one it was signed with)
  --store FILE  the store trigger wrote (default as trigger's)
  --timeout MS  how long the receiver has to answer (default 10000)
  --json        the request and the answer as one JSON object

An ID not in the store is one line and exit 1.
`,
  'verify-subscription': `Usage: platform-mock verify-subscription <type>[@version] --to URL --secret S [--json]

Sends the webhook_callback_verification challenge of a new subscription of the type, as the platform
does, and says whether the answer would enable it: status 200 and the body exactly the challenge (the
mock's own check). A Content-Type other than text/plain, which the platform's guide asks for, is a
warning.

  --to URL              the receiver
  --secret S            the subscription's secret (10 to 100 ASCII characters)
  --condition key=value a condition key of the subscription (default: read from the sample event)
  --timeout MS          how long the receiver has to answer (default 10000)
  --json                the exchange and the verdict as one JSON object

Exit 0 when the answer is right, 1 when it is wrong (with the reason).
`,
  token: `Usage: platform-mock token [--user LOGIN] [--scopes a,b | --scopes all] [--app] [--to http://127.0.0.1:8080] [--json]

Prints an access token of a running serve (through its /mock/ controls).

  --user LOGIN   the user (added to the mock when it has no such user); default: the first user
  --scopes LIST  comma-separated scopes (default none; "all" for every scope)
  --app          an app token (client credentials) instead of a user token
  --client-id ID the client the token is for (default: the serve's first client)
  --to URL       the serve (default http://127.0.0.1:8080)
  --json         the token and what it is for as one JSON object
`,
  types: `Usage: platform-mock types [filter] [--json]

Lists the EventSub types and versions the mock knows (those containing filter, if given), with
their condition keys and transports.
`,
};

/** Prints a help text; returns the exit code 0. */
export function help(command: string): number {
  process.stdout.write(texts[command] ?? texts['']!);
  return 0;
}
