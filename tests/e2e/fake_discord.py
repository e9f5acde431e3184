"""A fake Discord (REST + gateway) on 127.0.0.1 for driving the real bot end to end.

discord.py talks to it as it would to Discord (`patch_discord` points `Route.BASE` and the
gateway URL here). Tests play the users: they send slash commands, button clicks and select
choices as INTERACTION_CREATE events and read back what the bot did: every REST request is
recorded, messages are kept per channel (guild channels, threads, DMs, ephemerals) with their
edits, and each interaction remembers its callback, followups and timing.

Frames go out as TEXT JSON, so discord.py never needs zlib even though it asks for it.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import yarl
from aiohttp import WSMsgType, web

EPHEMERAL = 64
LOADING = 128
CANNOT_DM = 50007
ALL_PERMISSIONS = str((1 << 50) - 1)

_ids = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_ids))


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _user(uid: str, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": uid, "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot, "public_flags": 0}


def message_text(message: dict[str, Any]) -> str:
    """Everything a reader sees in a message: content, every embed's text, and the pictures'
    alt text (what a screen reader says of them)."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [(embed.get("author") or {}).get("name") or ""]
        parts += [(embed.get("footer") or {}).get("text") or ""]
        for f in embed.get("fields") or []:
            parts += [f.get("name") or "", f.get("value") or ""]
    parts += [a.get("description") or "" for a in message.get("attachments") or []]
    return "\n".join(p for p in parts if p)


def iter_components(message: dict[str, Any]) -> Iterable[dict[str, Any]]:
    """Every leaf component (buttons, selects) of a message, in order."""
    stack = list(reversed(message.get("components") or []))
    while stack:
        comp = stack.pop()
        children = comp.get("components")
        if children:
            stack.extend(reversed(children))
        else:
            yield comp


def component_text(message: dict[str, Any]) -> str:
    """Labels of buttons and select options: text a reader sees too."""
    parts: list[str] = []
    for comp in iter_components(message):
        parts.append(comp.get("label") or "")
        parts.append(comp.get("placeholder") or "")
        for opt in comp.get("options") or []:
            parts += [opt.get("label") or "", opt.get("description") or ""]
    return "\n".join(p for p in parts if p)


def custom_ids(message: dict[str, Any]) -> list[str]:
    """Custom ids and select option values of a message (what the bot will be sent back)."""
    out: list[str] = []
    for comp in iter_components(message):
        if comp.get("custom_id"):
            out.append(comp["custom_id"])
        out += [opt.get("value") or "" for opt in comp.get("options") or []]
    return out


@dataclass
class Request:
    """One REST request the bot made, as received."""

    method: str
    path: str
    """The path below /api/v10, e.g. ``/channels/1/messages``."""
    query: dict[str, str]
    body: Any
    at: float
    status: int = 0


_ID = re.compile(r"\d+")


def _route_name(path: str, channels: dict[str, Any]) -> str:
    """A request's route with its ids left out, a DM channel's told apart from a server's."""
    match = re.match(r"/channels/(\d+)", path)
    name = _ID.sub(":", path)
    if match and match.group(1) not in channels:
        name = name.replace("/channels/:", "/channels/dm:", 1)
    return name
_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
_PART_NAME = re.compile(rb'(?<![A-Za-z])name="([^"]*)"')


async def _form(request: web.Request) -> tuple[str | None, list[str]]:
    """A multipart body's ``payload_json`` and the names of its other parts (the files), read
    straight from the bytes: aiohttp's ``request.post()`` parses each part's headers through
    regexes and the email package, which cost more per picture than the bot spends on it, and
    the latency bench counts the fake's work with the bot's."""
    found = _BOUNDARY.search(request.headers.get("Content-Type", ""))
    if found is None:
        return None, []
    body = await request.read()
    payload: str | None = None
    names: list[str] = []
    for part in body.split(b"--" + found.group(1).encode())[1:]:
        if part.startswith(b"--"):
            break  # the closing delimiter
        head, _, data = part.partition(b"\r\n\r\n")
        name = _PART_NAME.search(head)
        if name is None:
            continue
        if name.group(1) == b"payload_json":
            payload = data.removesuffix(b"\r\n").decode()
        else:
            names.append(name.group(1).decode())
    return payload, names


@dataclass
class MessageEvent:
    """A message appearing or changing, as a reader of that channel would notice it."""

    kind: str
    """'create', 'edit' or 'delete'."""
    message: dict[str, Any]
    """A snapshot of the whole message after the change."""
    channel_id: str
    ephemeral: bool
    token: str | None = None
    """The interaction token when the change came through an interaction."""
    user_id: str | None = None
    """Who sees it: the interaction's user for an ephemeral, the recipient for a DM."""

    @property
    def public(self) -> bool:
        return not self.ephemeral and self.user_id is None

    @property
    def text(self) -> str:
        return message_text(self.message)

    @property
    def loading(self) -> bool:
        return bool((self.message.get("flags") or 0) & LOADING)


@dataclass
class Interaction:
    """One interaction the fake sent, and everything the bot answered to it."""

    id: str
    token: str
    type: int
    user_id: str
    channel_id: str
    payload: dict[str, Any]
    message_id: str | None = None
    """The message a component was on."""
    dispatched_at: float = 0.0
    callback_at: float | None = None
    callback: dict[str, Any] | None = None
    callbacks: int = 0
    """How many callbacks the bot tried (Discord accepts only the first)."""
    original_id: str | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else int(self.callback["type"])

    @property
    def latency(self) -> float | None:
        return None if self.callback_at is None else self.callback_at - self.dispatched_at


class FakeDiscord:
    """The fake server. Create, ``await start()``, point discord.py at it, then play users."""

    def __init__(self, token: str = "MTAw.fake.token", *, channels: int = 1) -> None:
        self.token = token
        self.app_id = snowflake()
        self.bot_user = _user(self.app_id, "Parlour", bot=True)
        self.guild_id = snowflake()
        self.guild_locale = "en-US"
        """The server's preferred locale (its community language), as Discord sends it."""
        self.locales: dict[str, str] = {}
        """user id -> the locale of their Discord client (en-US unless set)."""
        self.users: dict[str, dict[str, Any]] = {}
        self.owner_id = self.add_user("owner")
        self.channels: dict[str, dict[str, Any]] = {}
        for i in range(channels):
            self.add_channel(f"games-{i}" if i else "games")
        self.channel_id = next(iter(self.channels))
        self.dm_channels: dict[str, str] = {}
        """user id -> DM channel id."""
        self.dm_closed: set[str] = set()
        """Users whose DMs are closed: sending to them answers 403, code 50007."""
        self.requests: list[Request] = []
        self.messages: dict[str, dict[str, Any]] = {}
        self.message_meta: dict[str, MessageEvent] = {}
        """message id -> the event that created it (channel, ephemeral, recipient)."""
        self.channel_log: dict[str, list[str]] = {}
        """channel id -> message ids in order of creation (ephemerals included)."""
        self.events: list[MessageEvent] = []
        self.by_user: dict[str, list[str]] = {}
        """user id -> ids of the messages only they see (their DMs and ephemerals), in order."""
        self._waiters: list[tuple[frozenset[str], asyncio.Event]] = []
        self.listeners: list[Callable[[MessageEvent], None]] = []
        """Called synchronously on every message event, before the bot gets its answer."""
        self.interactions: dict[str, Interaction] = {}
        """interaction token -> record."""
        self._by_id: dict[str, Interaction] = {}
        self.commands: dict[str, dict[str, Any]] = {}
        """command name -> synced command (global and guild merged)."""
        self.identifies = 0
        self.connected = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.record_requests = True
        self.request_count = 0
        self.bot_requests = 0
        """REST requests in total, and those outside interaction webhooks (the ones Discord's
        global limit of 50 per second applies to)."""
        self.bot_request_times: list[float] = []
        """When each request outside interaction webhooks arrived (``time.perf_counter``), for
        the busiest second of a run."""
        self.bot_request_kinds: Counter[str] = Counter()
        self.webhook_request_kinds: Counter[str] = Counter()
        """Interaction responses and follow-ups by route (outside the REST budget)."""
        """Those requests by method and route, ids left out (``PATCH /channels/:/messages/:``)."""
        self.keep_events = True
        """The bench turns these off to keep memory and time flat over many thousands of
        requests (interactions, messages and signals still work). Without ``keep_events`` the
        fake also keeps of each interaction only its data and its callback's type, and forgets
        a deleted message entirely: what it kept of 6,000 clicks made every full collection
        of the shared heap walk it (issue 15)."""

    # ------------------------------------------------------------------ world
    def add_user(self, name: str, *, locale: str = "en-US") -> str:
        uid = snowflake()
        self.users[uid] = _user(uid, name)
        self.locales[uid] = locale
        return uid

    def add_channel(self, name: str) -> str:
        cid = snowflake()
        self.channels[cid] = {"id": cid, "type": 0, "guild_id": self.guild_id, "name": name,
                              "position": len(self.channels), "permission_overwrites": [],
                              "nsfw": False, "parent_id": None, "last_message_id": None}
        return cid

    def close_dms(self, user_id: str, closed: bool = True) -> None:
        (self.dm_closed.add if closed else self.dm_closed.discard)(user_id)

    def _member(self, uid: str) -> dict[str, Any]:
        user = self.bot_user if uid == self.app_id else self.users[uid]
        return {"user": user, "roles": [], "joined_at": _now(), "deaf": False, "mute": False,
                "flags": 0, "permissions": ALL_PERMISSIONS}

    def guild_payload(self) -> dict[str, Any]:
        members = [self._member(u) for u in [self.app_id, *self.users]]
        return {"id": self.guild_id, "name": "Parlour Test", "icon": None,
                "owner_id": self.owner_id, "unavailable": False, "large": False,
                "member_count": len(members),
                "roles": [{"id": self.guild_id, "name": "@everyone", "permissions": ALL_PERMISSIONS,
                           "position": 0, "color": 0, "hoist": False, "managed": False,
                           "mentionable": False, "flags": 0}],
                "channels": [c for c in self.channels.values() if c["type"] != 11],
                "threads": [c for c in self.channels.values() if c["type"] == 11],
                "members": members, "emojis": [], "stickers": [], "features": [],
                "voice_states": [], "presences": [], "premium_tier": 0,
                "preferred_locale": self.guild_locale, "joined_at": _now(),
                "system_channel_id": None,
                "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0}

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ gateway
    async def _send(self, ws: web.WebSocketResponse, op: int, d: Any, t: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == 0:
            self._seq += 1
            frame["s"] = self._seq
        await ws.send_str(json.dumps(frame))

    async def dispatch(self, t: str, d: dict[str, Any]) -> None:
        """Send a gateway event to the connected bot (waits up to 10 s for a connection)."""
        if self._ws is None or self._ws.closed:
            await asyncio.wait_for(self.connected.wait(), 10)
        assert self._ws is not None
        await self._send(self._ws, 0, d, t)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await self._send(ws, 10, {"heartbeat_interval": 41250})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame["op"], frame.get("d")
                if op == 1:
                    await self._send(ws, 11, None)
                elif op == 2:
                    if d["token"] != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    await self._identify(ws)
                elif op == 6:
                    await self._send(ws, 9, False)
                elif op == 8:
                    await self._send(ws, 0, {
                        "guild_id": self.guild_id, "chunk_index": 0, "chunk_count": 1,
                        "members": [self._member(u) for u in [self.app_id, *self.users]],
                        "nonce": d.get("nonce"), "not_found": []}, "GUILD_MEMBERS_CHUNK")
        finally:
            if self._ws is ws:
                self._ws = None
                self.connected.clear()
        return ws

    async def _identify(self, ws: web.WebSocketResponse) -> None:
        self.identifies += 1
        self._ws = ws
        await self._send(ws, 0, {
            "v": 10, "user": self.bot_user, "session_id": f"fake-session-{self.identifies}",
            "resume_gateway_url": self.gateway_url, "guilds": [{"id": self.guild_id,
                                                                "unavailable": True}],
            "application": {"id": self.app_id, "flags": 0}, "private_channels": [],
            "relationships": [], "user_settings": {}, "presences": []}, "READY")
        await self._send(ws, 0, self.guild_payload(), "GUILD_CREATE")
        self.connected.set()

    # ------------------------------------------------------------------ playing users
    def _channel_payload(self, channel_id: str) -> dict[str, Any]:
        if channel_id in self.channels:
            return self.channels[channel_id]
        user_id = next(u for u, c in self.dm_channels.items() if c == channel_id)
        return {"id": channel_id, "type": 1, "recipients": [self.users[user_id]],
                "last_message_id": None, "flags": 0}

    def _open_dm(self, user_id: str) -> str:
        return self.dm_channels.setdefault(user_id, snowflake())

    def interaction_payload(self, itype: int, user_id: str, data: dict[str, Any], *,
                            channel_id: str | None = None,
                            message: dict[str, Any] | None = None) -> dict[str, Any]:
        """A payload shaped as Discord sends it, for a guild channel or a DM."""
        channel_id = channel_id or self.channel_id
        payload: dict[str, Any] = {
            "id": snowflake(), "application_id": self.app_id, "type": itype, "data": data,
            "channel_id": channel_id, "channel": self._channel_payload(channel_id),
            "token": "tok-" + snowflake(), "version": 1, "app_permissions": ALL_PERMISSIONS,
            "locale": self.locales.get(user_id, "en-US"), "entitlements": [],
            "attachment_size_limit": 10_485_760}
        if channel_id in self.channels:
            payload |= {"guild_id": self.guild_id, "guild_locale": self.guild_locale,
                        "context": 0,
                        "member": self._member(user_id),
                        "authorizing_integration_owners": {"0": self.guild_id}}
        else:
            payload |= {"user": self.users[user_id], "context": 1,
                        "authorizing_integration_owners": {"0": self.guild_id}}
        if message is not None:
            payload["message"] = copy.deepcopy(message)
        return payload

    async def send_interaction(self, payload: dict[str, Any]) -> Interaction:
        """Deliver any payload (even a malformed one) and track what the bot answers."""
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        inter = Interaction(
            id=str(payload.get("id")), token=str(payload.get("token")),
            type=int(payload.get("type") or 0), user_id=str(user.get("id")),
            channel_id=str(payload.get("channel_id")), payload=payload,
            message_id=(payload.get("message") or {}).get("id"))
        self.interactions[inter.token] = inter
        self._by_id[inter.id] = inter
        if self._ws is None or self._ws.closed:
            await asyncio.wait_for(self.connected.wait(), 10)
        inter.dispatched_at = time.perf_counter()
        await self.dispatch("INTERACTION_CREATE", payload)
        if not self.keep_events:  # the bench: the message copied into the payload goes
            inter.payload = {"data": payload.get("data")}
        return inter

    def command_data(self, path: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """``/euchre new preset:modern`` as interaction data, from the synced command tree.

        ``path`` is the command with its subcommand (group) names, space separated. Option
        types come from the synced definition, so a typo in a name fails here, clearly.
        """
        names = path.split()
        if names[0] not in self.commands:
            raise KeyError(f"/{names[0]} was not synced; synced: {sorted(self.commands)}")
        node: dict[str, Any] = self.commands[names[0]]
        data: dict[str, Any] = {"id": node["id"], "name": names[0], "type": 1,
                                "guild_id": self.guild_id}
        holder = data
        for name in names[1:]:
            sub = next((o for o in node.get("options") or [] if o["name"] == name), None)
            if sub is None or sub["type"] not in (1, 2):
                raise KeyError(f"/{path}: no subcommand {name!r}")
            entry: dict[str, Any] = {"type": sub["type"], "name": name, "options": []}
            holder.setdefault("options", []).append(entry)
            holder, node = entry, sub
        given = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in (options or {}).items():
            opt = next((o for o in node.get("options") or [] if o["name"] == name), None)
            if opt is None:
                raise KeyError(f"/{path}: no option {name!r}")
            given.append({"type": opt["type"], "name": name,
                          "value": str(value) if opt["type"] == 6 else value})
            if opt["type"] == 6:
                uid = str(value)
                resolved.setdefault("users", {})[uid] = self.users[uid]
                member = self._member(uid)
                resolved.setdefault("members", {})[uid] = {
                    k: v for k, v in member.items() if k != "user"}
        holder["options"] = given
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(self, user_id: str, path: str, options: dict[str, Any] | None = None, *,
                    channel_id: str | None = None) -> Interaction:
        """Send a slash command as ``user_id`` in a guild channel (default) or their DM."""
        data = self.command_data(path, options)
        if channel_id is not None and channel_id not in self.channels:
            data.pop("guild_id", None)
        return await self.send_interaction(
            self.interaction_payload(2, user_id, data, channel_id=channel_id))

    async def user_command(self, user_id: str, name: str, target_id: str, *,
                           channel_id: str | None = None) -> Interaction:
        """Use a user context menu (Apps > ``name``) on ``target_id`` as ``user_id``."""
        node = self.commands.get(name)
        if node is None or node.get("type") != 2:
            raise KeyError(f"no user command {name!r}; synced: {sorted(self.commands)}")
        channel_id = channel_id or self.channel_id
        data: dict[str, Any] = {
            "id": node["id"], "name": name, "type": 2, "target_id": target_id,
            "resolved": {"users": {target_id: self.users[target_id]}}}
        if channel_id in self.channels:
            data["guild_id"] = self.guild_id
            member = self._member(target_id)
            data["resolved"]["members"] = {
                target_id: {k: v for k, v in member.items() if k != "user"}}
        return await self.send_interaction(
            self.interaction_payload(2, user_id, data, channel_id=channel_id))

    async def click(self, user_id: str, message_id: str, custom_id: str, *,
                    forge: bool = False) -> Interaction:
        """Click a button on a recorded message (guild channel, ephemeral or DM).

        Discord only sends custom ids that are on the message; ``forge=True`` plays a message
        that carries this button anyway (one from an older build, or a doctored client).
        """
        return await self._component(user_id, message_id, {
            "custom_id": custom_id, "component_type": 2}, forge)

    async def choose(self, user_id: str, message_id: str, custom_id: str, values: list[str],
                     *, forge: bool = False) -> Interaction:
        """Pick values in a string select on a recorded message."""
        return await self._component(user_id, message_id, {
            "custom_id": custom_id, "component_type": 3, "values": values}, forge)

    async def _component(self, user_id: str, message_id: str, data: dict[str, Any],
                         forge: bool) -> Interaction:
        return await self.send_interaction(
            self.component_payload(user_id, message_id, data, forge=forge))

    def component_payload(self, user_id: str, message_id: str, data: dict[str, Any], *,
                          forge: bool = False) -> dict[str, Any]:
        """The payload of a click (``data``: custom_id, component_type, values) on the message
        as it is now: build two before sending either to play a double click."""
        message = copy.deepcopy(self.messages[message_id])
        present = any(c.get("custom_id") == data["custom_id"]
                      and c.get("type") == data["component_type"]
                      for c in iter_components(message))
        if not present:
            if not forge:
                raise AssertionError(f"no component {data['custom_id']!r} on message "
                                     f"{message_id}: {custom_ids(message)}")
            comp: dict[str, Any] = {"type": data["component_type"],
                                    "custom_id": data["custom_id"]}
            if data["component_type"] == 2:
                comp |= {"style": 1, "label": "forged"}
            else:
                comp |= {"options": [{"label": v or "-", "value": v}
                                     for v in data.get("values") or ["x"]],
                         "min_values": 0, "max_values": 25}
            message["components"] = [*message.get("components", [])[:4],
                                     {"type": 1, "components": [comp]}]
        return self.interaction_payload(3, user_id, data, channel_id=message["channel_id"],
                                        message=message)

    # ------------------------------------------------------------------ reading results
    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` is truthy (checked on every request); return its value."""
        async with self._changed:
            try:
                async with asyncio.timeout(timeout):
                    while not (value := predicate()):
                        await self._changed.wait()
            except TimeoutError:
                raise AssertionError(f"fake discord: timed out after {timeout}s") from None
            return value

    async def wait_request(self, method: str, pattern: str, *, after: int = 0,
                           timeout: float = 10.0) -> Request:
        """The first request from index ``after`` on whose path fully matches ``pattern``."""
        rx = re.compile(pattern)
        return await self.wait_for(lambda: next(
            (r for r in self.requests[after:] if r.method == method and rx.fullmatch(r.path)),
            None), timeout)

    async def wait_callback(self, inter: Interaction, timeout: float = 10.0) -> dict[str, Any]:
        try:
            await asyncio.wait_for(inter.answered.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot did not answer interaction {inter.payload.get('data')} "
                f"within {timeout}s") from None
        assert inter.callback is not None
        return inter.callback

    async def reply(self, inter: Interaction, timeout: float = 10.0) -> MessageEvent:
        """What the user saw in answer: the first message created or edited through this
        interaction that is not a "thinking..." placeholder."""
        await self.wait_callback(inter, timeout)
        return await self.wait_for(lambda: next(
            (e for e in self.events if e.token == inter.token and e.kind != "delete"
             and not e.loading), None), timeout)

    def replies(self, inter: Interaction) -> list[MessageEvent]:
        return [e for e in self.events if e.token == inter.token and not e.loading]

    def channel_messages(self, channel_id: str | None = None, *,
                         public_only: bool = True) -> list[dict[str, Any]]:
        """Messages of a channel as they are now, oldest first."""
        out = []
        for mid in self.channel_log.get(channel_id or self.channel_id, []):
            if mid not in self.messages:
                continue
            if public_only and not self.message_meta[mid].public:
                continue
            out.append(self.messages[mid])
        return out

    def dm_messages(self, user_id: str) -> list[dict[str, Any]]:
        cid = self.dm_channels.get(user_id)
        return [] if cid is None else self.channel_messages(cid, public_only=False)

    def find_message(self, predicate: Callable[[dict[str, Any]], bool], *,
                     channel_id: str | None = None) -> dict[str, Any] | None:
        """The newest live message (in a channel, or anywhere) matching ``predicate``."""
        ids: Iterable[str] = (self.channel_log.get(channel_id, []) if channel_id
                              else list(self.messages))
        for mid in reversed(list(ids)):
            msg = self.messages.get(mid)
            if msg is not None and predicate(msg):
                return msg
        return None

    # ------------------------------------------------------------------ REST
    RATE_HEADERS: dict[str, str] = {  # noqa: RUF012 - read-only
        "X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "999",
        "X-RateLimit-Reset-After": "1.0", "X-RateLimit-Bucket": "fake"}
    """Discord sends rate-limit headers with every answer; without them discord.py allows one
    request in flight per route, which would make the fake the bottleneck. The fake does not
    enforce limits (real Discord's 50 requests/s global limit is counted, not applied)."""

    @classmethod
    def _json(cls, data: Any, status: int = 200) -> web.Response:
        # discord.py wants exactly 'application/json' (json_response would add a charset).
        return web.Response(status=status, body=json.dumps(data).encode(),
                            content_type="application/json", headers=cls.RATE_HEADERS)

    @classmethod
    def _error(cls, status: int, code: int, message: str) -> web.Response:
        return cls._json({"message": message, "code": code}, status)

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        if request.can_read_body:
            # The raw header, not ``request.content_type``: aiohttp parses that through the email
            # package, uncached for a multipart body's random boundary, which cost the latency
            # bench more per picture than the bot spends sending it.
            if request.headers.get("Content-Type", "").startswith("multipart/form-data"):
                raw, files = await _form(request)
                body = json.loads(raw) if raw is not None else {}
                body["_files"] = files
            else:
                body = await request.json()
        req = Request(request.method, path, dict(request.query), body, time.perf_counter())
        webhook = path.startswith(("/webhooks/", "/interactions/"))
        if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            resp = self._error(401, 0, "401: Unauthorized")
        else:
            try:
                resp = self._route(request.method, path, body or {}, req)
            except Exception as exc:  # a bug in the fake must show, not turn into retries
                resp = self._error(400, 0, f"fake discord error: {exc!r}")
        req.status = resp.status
        self.request_count += 1
        if not webhook:
            self.bot_requests += 1
            self.bot_request_times.append(req.at)
            self.bot_request_kinds[request.method + " " + _route_name(path, self.channels)] += 1
        else:
            self.webhook_request_kinds[request.method + " " + _ID.sub(":", path)] += 1
        if self.record_requests:
            self.requests.append(req)
        await self._notify()
        return resp

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _route(self, m: str, path: str, body: dict[str, Any], req: Request) -> web.Response:
        seg = path.strip("/").split("/")
        if m == "GET" and path == "/users/@me":
            return self._json(self.bot_user)
        if m == "GET" and path == "/oauth2/applications/@me":
            return self._json({"id": self.app_id, "name": "Parlour", "icon": None,
                               "description": "", "bot_public": True,
                               "bot_require_code_grant": False, "verify_key": "0" * 64,
                               "owner": self.users[self.owner_id], "flags": 0, "team": None})
        if m == "GET" and path in ("/gateway", "/gateway/bot"):
            return self._json({"url": self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
        if seg[0] == "applications" and seg[-1] == "commands":
            return self._commands(m, seg, body)
        if m == "POST" and path == "/users/@me/channels":
            uid = str(body["recipient_id"])  # discord.py sends an int
            if uid not in self.users:
                return self._error(400, 50035, "Invalid Form Body")
            cid = self._open_dm(uid)
            return self._json(self._channel_payload(cid))
        if seg[0] == "channels" and len(seg) >= 2:
            return self._channels(m, seg, body)
        if m == "POST" and seg[0] == "interactions" and seg[-1] == "callback":
            return self._callback(seg[1], seg[2], body, req)
        if seg[0] == "webhooks" and len(seg) >= 3:
            return self._webhook(m, seg, body, req)
        return self._error(404, 0, f"fake discord: no route {m} {path}")

    def _commands(self, m: str, seg: list[str], body: Any) -> web.Response:
        guild = seg[3] if len(seg) == 5 else None
        if m == "PUT":
            # Discord echoes a context menu (no description sent) with an empty description.
            synced = [{"description": "", **c, "id": snowflake(), "application_id": self.app_id,
                       "version": snowflake(), **({"guild_id": guild} if guild else {})}
                      for c in body]
            for c in synced:
                self.commands[c["name"]] = c
            return self._json(synced)
        if m == "GET":
            return self._json([c for c in self.commands.values()
                               if (c.get("guild_id") or None) == guild])
        return self._error(404, 0, "fake discord: commands route not supported")

    def _channels(self, m: str, seg: list[str], body: dict[str, Any]) -> web.Response:
        cid = seg[1]
        known = cid in self.channels or cid in self.dm_channels.values()
        if not known:
            return self._error(404, 10003, "Unknown Channel")
        if len(seg) == 2 and m == "GET":
            return self._json(self._channel_payload(cid))
        if len(seg) == 3 and seg[2] == "typing":
            return web.Response(status=204)
        if len(seg) == 3 and seg[2] == "threads" and m == "POST":
            return self._json(self._thread(cid, body))
        if len(seg) >= 3 and seg[2] == "messages":
            if len(seg) == 3 and m == "POST":
                recipient = next((u for u, c in self.dm_channels.items() if c == cid), None)
                if recipient is not None and recipient in self.dm_closed:
                    return self._error(403, CANNOT_DM, "Cannot send messages to this user")
                return self._json(self._create(cid, body, user_id=recipient))
            if len(seg) == 3 and m == "GET":
                msgs = [self.messages[i] for i in self.channel_log.get(cid, [])
                        if i in self.messages and self.message_meta[i].public]
                return self._json(list(reversed(msgs))[: 50])
            mid = seg[3]
            if mid not in self.messages or self.messages[mid]["channel_id"] != cid:
                return self._error(404, 10008, "Unknown Message")
            if len(seg) == 5 and seg[4] == "threads" and m == "POST":
                return self._json(self._thread(cid, body, mid))
            if len(seg) == 4 and m == "GET":
                return self._json(self.messages[mid])
            if len(seg) == 4 and m == "PATCH":
                return self._json(self._edit(mid, body))
            if len(seg) == 4 and m == "DELETE":
                self._delete(mid)
                return web.Response(status=204)
        return self._error(404, 0, f"fake discord: no channel route {m} {'/'.join(seg)}")

    def _thread(self, parent: str, body: dict[str, Any], message_id: str | None = None
                ) -> dict[str, Any]:
        tid = message_id or snowflake()
        thread = {"id": tid, "type": int(body.get("type") or 11), "guild_id": self.guild_id,
                  "parent_id": parent, "name": body.get("name") or "thread",
                  "owner_id": self.app_id, "message_count": 0, "member_count": 1,
                  "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                      "archive_timestamp": _now(), "locked": False},
                  "rate_limit_per_user": 0, "flags": 0}
        self.channels[tid] = thread
        return thread

    # ------------------------------------------------------------------ messages
    def _create(self, channel_id: str, body: dict[str, Any], *, token: str | None = None,
                user_id: str | None = None, ephemeral_to: str | None = None) -> dict[str, Any]:
        flags = int(body.get("flags") or 0)
        msg: dict[str, Any] = {
            "id": snowflake(), "channel_id": channel_id, "author": self.bot_user,
            "content": body.get("content") or "", "timestamp": _now(),
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": self._attachments(body),
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [], "pinned": False,
            "type": 0 if token is None else 20, "flags": flags}
        if channel_id in self.channels:
            msg["guild_id"] = self.guild_id
        if token is not None:
            msg["application_id"] = self.app_id
            msg["webhook_id"] = self.app_id
        ephemeral = bool(flags & EPHEMERAL)
        if user_id is None and channel_id not in self.channels:
            user_id = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
        self.messages[msg["id"]] = msg
        self.channel_log.setdefault(channel_id, []).append(msg["id"])
        if user_id or (ephemeral and ephemeral_to):
            self.by_user.setdefault(user_id or ephemeral_to or "", []).append(msg["id"])
        event = MessageEvent("create", self._snap(msg), channel_id, ephemeral, token,
                             user_id or (ephemeral_to if ephemeral else None))
        self.message_meta[msg["id"]] = event
        self._emit(event)
        return msg

    @staticmethod
    def _attachments(body: dict[str, Any]) -> list[dict[str, Any]]:
        """The files a message was sent with, as Discord describes them (no bytes kept)."""
        out = []
        for item in body.get("attachments") or []:
            aid = snowflake() if not str(item.get("id", "")).isdigit() or len(
                str(item["id"])) < 10 else str(item["id"])
            name = item.get("filename", "file")
            described = {"description": item["description"]} if item.get("description") else {}
            out.append({"id": aid, "filename": name, "size": 1,
                        "url": f"https://cdn.fake/{aid}/{name}",
                        "proxy_url": f"https://media.fake/{aid}/{name}", **described})
        return out

    def _edit(self, mid: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        msg = self.messages[mid]
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                msg[key] = body[key]
        if "flags" in body and body["flags"] is not None:
            # Discord keeps EPHEMERAL; an edit of a "thinking" message ends the loading state.
            msg["flags"] = (int(body["flags"]) | (msg["flags"] & EPHEMERAL)) & ~LOADING
        else:
            msg["flags"] = msg["flags"] & ~LOADING
        if "attachments" in body and body["attachments"] is not None:
            msg["attachments"] = self._attachments(body)
        msg["edited_timestamp"] = _now()
        meta = self.message_meta[mid]
        self._emit(MessageEvent("edit", self._snap(msg), meta.channel_id, meta.ephemeral,
                                token or meta.token, meta.user_id))
        return msg

    def _delete(self, mid: str, token: str | None = None) -> None:
        msg = self.messages.pop(mid)
        meta = self.message_meta[mid] if self.keep_events else self.message_meta.pop(mid)
        self._emit(MessageEvent("delete", msg, meta.channel_id, meta.ephemeral, token,
                                meta.user_id))

    def changed(self, *keys: str) -> asyncio.Event:
        """An event set at the next message change seen by any of ``keys`` (channel or user
        ids): a cheap wait for many concurrent players (the bench)."""
        flag = asyncio.Event()
        self._waiters.append((frozenset(keys), flag))
        return flag

    def _snap(self, msg: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(msg) if self.keep_events or self.listeners else msg

    def _emit(self, event: MessageEvent) -> None:
        if self.keep_events:
            self.events.append(event)
        if self._waiters:
            keys = {event.channel_id, event.user_id or ""}
            keep = []
            for wanted, flag in self._waiters:
                if wanted & keys:
                    flag.set()
                else:
                    keep.append((wanted, flag))
            self._waiters = keep
        for listener in list(self.listeners):
            listener(event)

    # ------------------------------------------------------------------ interactions
    def _callback(self, interaction_id: str, token: str, body: dict[str, Any],
                  req: Request) -> web.Response:
        inter = self.interactions.get(token)
        if inter is None or inter.id != interaction_id:
            return self._error(404, 10062, "Unknown interaction")
        inter.callbacks += 1
        if inter.callback is not None:
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        inter.callback_at = req.at
        inter.callback = body if self.keep_events else {"type": body["type"]}
        kind, data = int(body["type"]), body.get("data") or {}
        msg = None
        if kind in (4, 5):
            flags = int(data.get("flags") or 0)
            payload = data if kind == 4 else {"flags": (flags & EPHEMERAL) | LOADING}
            msg = self._create(inter.channel_id, payload, token=token,
                               ephemeral_to=inter.user_id)
            inter.original_id = msg["id"]
        elif kind in (6, 7):
            if inter.message_id is None or inter.message_id not in self.messages:
                inter.callback = None
                inter.callbacks -= 1
                return self._error(400, 50035, "Invalid Form Body: no message to update")
            inter.original_id = inter.message_id
            if kind == 7:
                msg = self._edit(inter.message_id, data, token)
        elif kind != 9:
            inter.callback = None
            return self._error(400, 50035, f"Invalid Form Body: callback type {kind}")
        inter.answered.set()
        if req.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        out: dict[str, Any] = {"interaction": {
            "id": interaction_id, "type": inter.type,
            "response_message_id": msg["id"] if msg else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(msg and msg["flags"] & EPHEMERAL)}}
        if msg is not None:
            out["resource"] = {"type": kind, "message": msg}
        return self._json(out)

    def _webhook(self, m: str, seg: list[str], body: dict[str, Any],
                 req: Request) -> web.Response:
        token = seg[2]
        inter = self.interactions.get(token)
        if inter is None or seg[1] != self.app_id:
            return self._error(404, 10015, "Unknown Webhook")
        if inter.callback is None:
            return self._error(404, 10015, "Unknown Webhook (interaction not acknowledged)")
        if len(seg) == 3 and m == "POST":
            if inter.callback_type == 5 and inter.original_id in self.messages and \
                    self.messages[inter.original_id]["flags"] & LOADING:
                # Discord turns the first followup after a "thinking" defer into the original.
                return self._json(self._edit(inter.original_id, body, token))
            return self._json(self._create(inter.channel_id, body, token=token,
                                           ephemeral_to=inter.user_id))
        if len(seg) == 5 and seg[3] == "messages":
            mid = inter.original_id if seg[4] == "@original" else seg[4]
            if mid is None or mid not in self.messages:
                return self._error(404, 10008, "Unknown Message")
            if m == "GET":
                return self._json(self.messages[mid])
            if m == "PATCH":
                return self._json(self._edit(mid, body, token))
            if m == "DELETE":
                self._delete(mid, token)
                return web.Response(status=204)
        return self._error(404, 0, f"fake discord: no webhook route {m} {'/'.join(seg)}")


def patch_discord(monkeypatch: Any, fake: FakeDiscord) -> None:
    """Point discord.py's REST and gateway at ``fake`` for one test (restored afterwards)."""
    import discord.gateway
    import discord.http

    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(fake.gateway_url))


def point_discord_at(fake: FakeDiscord) -> None:
    """The same without pytest (the bench): process-global, for the life of the process."""
    import discord.gateway
    import discord.http

    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)

