"""Drives a running `platform-mock serve` from Python's standard library only: the /mock/ controls
add a user, issue a token and make the user's channel live, then the Helix API is asked about them.

Usage: python3 drive.py http://127.0.0.1:PORT
Prints one line of JSON with what the API answered; exits 1 (with the reason on stderr) when an
answer is not the expected one.
"""
import json
import sys
import urllib.error
import urllib.request

base = sys.argv[1].rstrip("/")


def call(method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def expect(condition, what):
    if not condition:
        print("drive.py: " + what, file=sys.stderr)
        sys.exit(1)


status, index = call("GET", "/mock/")
expect(status == 200, "GET /mock/ answered %s" % status)
names = {control["name"] for control in index["controls"]}
for needed in ("users.add", "tokens.issue", "clients.options", "streams.start"):
    expect(needed in names, "GET /mock/ lists no %s" % needed)

status, user = call("POST", "/mock/users.add", {"login": "py_streamer", "broadcaster_type": "partner"})
expect(status == 200 and user["login"] == "py_streamer", "users.add answered %s %s" % (status, user))
status, options = call("POST", "/mock/clients.options", {})
expect(status == 200, "clients.options answered %s" % status)
status, token = call("POST", "/mock/tokens.issue", {"clientId": options["clientId"], "userId": user["id"], "scopes": ["user:read:email"]})
expect(status == 200 and token["accessToken"], "tokens.issue answered %s %s" % (status, token))
status, _ = call("POST", "/mock/streams.start", {"broadcasterId": user["id"]})
expect(status == 200, "streams.start answered %s %s" % (status, _))

auth = {"Authorization": "Bearer " + token["accessToken"], "Client-Id": options["clientId"]}
status, users = call("GET", "/helix/users?login=py_streamer", headers=auth)
expect(status == 200 and users["data"][0]["broadcaster_type"] == "partner", "GET /helix/users answered %s %s" % (status, users))
status, streams = call("GET", "/helix/streams?user_id=" + user["id"], headers=auth)
expect(status == 200 and len(streams["data"]) == 1, "GET /helix/streams answered %s %s" % (status, streams))
status, refused = call("POST", "/mock/tokens.expire", {"accessToken": token["accessToken"], "nonsense": 1})
expect(status == 400, "tokens.expire with an unknown parameter answered %s" % status)
print(json.dumps({"userId": user["id"], "broadcasterType": users["data"][0]["broadcaster_type"], "live": streams["data"][0]["type"], "refusedStatus": status}))
